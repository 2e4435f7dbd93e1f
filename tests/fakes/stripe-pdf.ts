/**
 * A small valid one-page PDF (Helvetica, A4) with one line of text: what the fake's `invoice_pdf` link serves.
 * Written out by hand: five objects, a cross-reference table with their byte offsets, the trailer.
 */
export function onePagePdf(line: string): Buffer {
  // Printable ASCII only (the built-in font's encoding); the string's delimiters and backslash escaped.
  const safe = line.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);
  const content = `BT /F1 16 Tf 72 760 Td (${safe}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const offset = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  // Each entry is exactly 20 bytes: 10-digit offset, space, 5-digit generation, space, type, space, newline.
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  // Every character is ASCII, so string lengths above are byte offsets.
  return Buffer.from(pdf, 'latin1');
}

/** The invoice's PDF: "Invoice FAKE-0001 total 24.20 EUR". */
export function invoicePdf(number: string, totalCents: number): Buffer {
  return onePagePdf(`Invoice ${number} total ${(totalCents / 100).toFixed(2)} EUR`);
}

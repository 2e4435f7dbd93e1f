/**
 * The [salonId+startAt] key range of whole days: from `from` 00:00 through `to` 23:59 (both included),
 * wall times 'YYYY-MM-DD HH:mm' as the mirror stores them. Shared by the appointment and working-time reads.
 */
export function wholeDays(salonId: string, from: string, to: string): [lower: [string, string], upper: [string, string]] {
  return [
    [salonId, `${from} 00:00`],
    [salonId, `${to} 23:59`],
  ];
}

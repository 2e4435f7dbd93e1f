/**
 * The build's chunk of the first screen (issue 65 item 4, decision 097): every module the salon layout and the
 * appointments page import statically is one file, not some fifty shared chunks. Each file before the first paint
 * costs the page's main thread a request to the service worker, a module-preload link and a module record, and on a
 * tablet's CPU those dominated the offline cold start.
 *
 * Left out: what the pages reached without a salon import statically (the landing page, its dialogs, a link from a
 * mail), so the landing page never loads this chunk. Modules of the entry's own closure stay in `start` (the group
 * before this one).
 */
type ModuleInfo = { id: string; importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] };
type Context = { getModuleInfo(id: string): ModuleInfo | null };

/** Route files whose static closure is the first screen (TanStack's split parts of them included). */
const FIRST_SCREEN = /\/src\/routes\/salon(\.appointments)?\.tsx(\?|$)/;
/** Route files of pages opened without a salon: their static closures stay out of the chunk. */
const PUBLIC = /\/src\/routes\/(index|change-password\.\$token|verify-email\.\$email\.\$token|master\.\$token)\.tsx(\?|$)/;

function closure(seeds: string[], ctx: Context, followDynamic: boolean): Set<string> {
  const seen = new Set<string>();
  const stack = [...seeds];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    stack.push(...info.importedIds);
    if (followDynamic) stack.push(...info.dynamicallyImportedIds);
  }
  return seen;
}

/** A codeSplitting group's `name`: 'first-screen' for the modules of the first screen, else null. */
export function firstScreenChunk() {
  let members: Set<string> | null = null;
  return (id: string, ctx: Context): string | null => {
    if (!members) {
      const all = [...closure(entryIds(ctx), ctx, true)];
      const screen = closure(
        all.filter((m) => FIRST_SCREEN.test(m)),
        ctx,
        false,
      );
      // What the public pages load before they paint. A dialog they open later may load this chunk: the salon's first
      // screen is what a sign-in leads to.
      const open = closure(
        all.filter((m) => PUBLIC.test(m)),
        ctx,
        false,
      );
      members = new Set([...screen].filter((m) => !open.has(m)));
    }
    return members.has(id) ? 'first-screen' : null;
  };
}

/** The build's entry modules: index.html's script. */
function entryIds(ctx: Context): string[] {
  const main = `${process.cwd()}/src/main.tsx`;
  if (!ctx.getModuleInfo(main)) throw new Error(`vite-first-screen-chunk: no module ${main}`);
  return [main];
}

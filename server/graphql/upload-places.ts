import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/** The variables a file may be sent in: the seminar banner, a File variable of its own (decision 046). */
const FILE_VARIABLES = new Set(['banner']);

/** A file of the request, as yoga's fetch API makes them (its own Blob class, not Node's). */
type IsFile = (value: unknown) => boolean;

/** The first place under `value` holding a file, as a dotted path, or null. */
function fileInside(isFile: IsFile, value: unknown, path: string, depth = 0): string | null {
  if (isFile(value)) return path;
  if (value === null || typeof value !== 'object' || depth > 16) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = fileInside(isFile, item, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * A multipart request's map may put its files anywhere in the variables; only a File variable of its own takes
 * one. A file mapped inside another value (`variables.banner.0`, `variables.input.name`) once reached a resolver as
 * an unexpected object ("Unexpected error." and a TypeError in the log) or came back echoed in a coercion message;
 * it is now refused before anything runs, on the banner field (issue 56).
 */
export function useUploadPlaces(): Plugin {
  return {
    onParams({ params, setResult, fetchAPI }) {
      const isFile: IsFile = (value) => value instanceof fetchAPI.Blob || (typeof Blob !== 'undefined' && value instanceof Blob);
      const variables = params.variables ?? {};
      for (const [name, value] of Object.entries(variables)) {
        const place = FILE_VARIABLES.has(name) && isFile(value) ? null : fileInside(isFile, value, `variables.${name}`);
        if (!place) continue;
        setResult({
          errors: [
            new GraphQLError('The banner is not accepted', {
              extensions: { code: 'IllegalArgument', reason: 'BANNER_NOT_ACCEPTED', field: 'banner', messageId: 'seminar.bannerType' },
            }),
          ],
        });
        return;
      }
    },
  };
}

/**
 * How the API finds the session, set once at start. Kept apart from the client so the first paint does not
 * load the GraphQL client; the token comes from the session through these callbacks (api knows no storage).
 */
export const apiConfig = {
  /** Origin of the server; the page's own by default (tests in Node set it). */
  baseUrl: null as string | null,
  getToken: (): string | null => null,
  getRole: (): string | null => null,
  onUnauthenticated: (): void => {},
};

export function configureApi(options: Partial<typeof apiConfig>) {
  Object.assign(apiConfig, options);
}

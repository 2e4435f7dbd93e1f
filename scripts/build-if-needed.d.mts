export function buildIfNeeded(): boolean;

export * from './client';
export * as Docs from './generated';

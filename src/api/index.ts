export * from './client';
export * as Docs from './generated';
export { configureApi } from './config';

/** The commands screens call to write (DESIGN.md §5.1); importing this module registers them all. */
export * as administrator from './administrators';
export * as appointment from './appointments';
export * as cabinet from './cabinets';
export * as client from './clients';
export * as invoice from './invoices';
export * as manufacturer from './manufacturers';
export * as membership from './memberships';
export * as master from './staff';
export * as product from './inventory';
export * as sale from './sales';
export * as schedule from './schedule';
export * as service from './services';
export * as salonSettings from './settings';
export { runCommand, rebase } from './run';
export { commandNamed, commandNames, type CommandContext, type CommandDefinition } from './registry';
export { CommandTx } from './command-tx';

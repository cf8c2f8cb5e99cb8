/** The order commands' face: the state machine's actions as a service (the store orders submit through it). */
export { runCommand } from './order-commands.service';
export { registerOrderCommandJobs } from './awaiting-stock.job';

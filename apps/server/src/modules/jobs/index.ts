/** Background jobs' files (results, reports, uploads), their retention and what an owner sees of a job. */
export { CSV_TYPE, XLSX_TYPE, giveJobFile, jobFileUrl, readJobFile, saveJobFile } from './job-files';
export { DEFAULT_JOB_RETENTION_DAYS, mayLinkFile, registerJobRetention } from './job-retention';
export { jobView } from './job-view';

export { basecostOptionsQuery } from './basecosts.api';

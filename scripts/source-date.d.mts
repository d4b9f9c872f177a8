/** The time of the source being built: SOURCE_DATE_EPOCH, else the last commit's, else 1970. */
export function sourceDate(): Date;

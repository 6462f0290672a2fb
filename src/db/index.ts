import { AppDB } from './app-db';

/** The one database of the app (the Dexie todo sample's pattern); components read it live. */
export const db = new AppDB();

export * from './app-db';

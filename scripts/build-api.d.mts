// Types of scripts/build-api.mjs for the TypeScript benches that build the API before a run.
export declare const buildDir: string;
export declare const serverEnvDefaults: Record<string, string>;
export declare function apiBuildIsCurrent(): boolean;
export declare function buildApi(options?: {
  outDir?: string;
}): Promise<{ files: number; ms: number }>;
export declare function ensureApiBuild(options?: {
  force?: boolean;
  log?: (line: string) => void;
}): Promise<boolean>;

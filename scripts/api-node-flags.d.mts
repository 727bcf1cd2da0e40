// Types of scripts/api-node-flags.mjs.
export declare const API_NODE_FLAGS: readonly string[];
export declare function apiNodeOptions(existing?: string): string;

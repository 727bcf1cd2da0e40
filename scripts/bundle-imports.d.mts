// Types of scripts/bundle-imports.mjs.
export interface PackageUse {
  specifiers: Set<string>;
  kinds: Set<'static' | 'dynamic' | 'require'>;
  files: Set<string>;
  /** False when some specifier is only the literal start of a template (`pkg/files/${name}`). */
  whole: boolean;
}
export declare const DEVELOPMENT_ONLY: Record<string, string>;
export declare function packageOf(specifier: string): string;
export declare function importsOf(
  fileName: string,
  text: string,
): Array<{ specifier: string; whole: boolean; kind: 'static' | 'dynamic' | 'require' }>;
export declare function bundleImports(dir: string): Map<string, PackageUse>;

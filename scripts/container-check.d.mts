// Types of scripts/container-check.mjs.
export interface DockerStep {
  line: number;
  keyword: string;
  shell?: string;
  exec?: string[];
  path?: string;
  vars?: Record<string, string>;
  from?: string;
  sources?: string[];
  destination?: string;
  value?: string;
}
export interface DockerStage {
  image: string;
  name: string;
  steps: DockerStep[];
}
export declare function parseDockerfile(text: string): DockerStage[];
export declare function checkContainer(options?: {
  dockerfile?: string;
  context?: string;
  serverUrl?: string;
  keep?: boolean;
  log?: (line: string) => void;
}): Promise<{
  nodeModulesBytes: number;
  largest: Array<[string, number]>;
  packages: number;
  seconds: number;
}>;

// Both runtimes implement Headers#getSetCookie; the Workers typings we pin do not declare it yet.
interface Headers {
  getSetCookie(): string[];
}

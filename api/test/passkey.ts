// A software passkey for API tests: a P-256 key that answers WebAuthn's registration and authentication
// options as a browser and its authenticator would (attestation 'none', user present and verified), with
// a signature counter the test can set (a cloned authenticator's goes back). Its CBOR is the few shapes
// WebAuthn needs: unsigned and negative integers, byte and text strings, maps.
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64 = (data: Buffer) => data.toString('base64url');
const UP_UV = 0x01 | 0x04;
const ATTESTED = 0x40;

export class SoftPasskey {
  readonly credentialId = randomBytes(16);
  private readonly key: KeyObject;
  private readonly cose: Buffer;
  /** The signature counter the next signature carries (then one more). */
  counter = 0;
  userHandle: string | undefined;

  constructor(
    private readonly origin: string,
    private readonly rpId = new URL(origin).hostname,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.key = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    const coordinate = (s: string | undefined) => Buffer.from(s ?? '', 'base64url');
    // COSE_Key: kty EC2, alg ES256, crv P-256, x, y.
    this.cose = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, coordinate(jwk.x)],
        [-3, coordinate(jwk.y)],
      ]),
    );
  }

  get id(): string {
    return b64(this.credentialId);
  }

  private clientData(type: string, challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private authData(flags: number, extra: Buffer = Buffer.alloc(0)): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(this.rpId), Buffer.from([flags]), count, extra]);
  }

  /** `navigator.credentials.create()`'s answer to registration options, as `toJSON()` gives it. */
  register(options: { challenge: string; user?: { id: string } }, { verified = true } = {}) {
    this.userHandle = options.user?.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.cose]);
    const authData = this.authData((verified ? UP_UV : 0x01) | ATTESTED, attested);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64(attestationObject),
        transports: ['internal' as const],
      },
    };
  }

  /** `navigator.credentials.get()`'s answer: a signature over the challenge, the counter one more after. */
  authenticate(options: { challenge: string }, { origin = this.origin, verified = true } = {}) {
    const authData = this.authData(verified ? UP_UV : 0x01);
    const clientData = this.clientData('webauthn.get', options.challenge, origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.key);
    this.counter += 1;
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(clientData),
        authenticatorData: b64(authData),
        signature: b64(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
    };
  }
}

import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey for the server's tests: an ES256 key pair that answers WebAuthn registration and
 * authentication options as a browser with a platform authenticator would (attestation `none`,
 * user present and verified). The e2e test uses Chromium's virtual authenticator instead.
 */

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface SoftPasskey {
  id: string;
  /** The answer to `navigator.credentials.create` for these options. */
  register: (options: { challenge: string; rp: { id?: string } }, origin: string) => Record<string, unknown>;
  /** The answer to `navigator.credentials.get`; `counter` moves on by one each time unless given. */
  assert: (
    options: { challenge: string; rpId?: string },
    origin: string,
    more?: { counter?: number; userHandle?: string; userVerified?: boolean },
  ) => Record<string, unknown>;
}

const coseKey = (publicKey: KeyObject) => {
  const jwk = publicKey.export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x as string, 'base64url')],
      [-3, Buffer.from(jwk.y as string, 'base64url')],
    ]),
  );
};

const authData = (rpId: string, flags: number, counter: number, attested?: Uint8Array) => {
  const head = Buffer.alloc(37);
  sha256(rpId).copy(head, 0);
  head[32] = flags;
  head.writeUInt32BE(counter, 33);
  return attested ? Buffer.concat([head, attested]) : head;
};

const clientData = (type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) =>
  Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

export const softPasskey = (): SoftPasskey => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = randomBytes(16);
  const id = b64url(credentialId);
  let counter = 0;
  return {
    id,
    register: (options, origin) => {
      const rpId = options.rp.id ?? new URL(origin).hostname;
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([
        Buffer.alloc(16),
        idLength,
        credentialId,
        Buffer.from(coseKey(publicKey)),
      ]);
      const data = authData(rpId, FLAG_UP | FLAG_UV | FLAG_AT, counter, attested);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', new Uint8Array(data)],
        ]) as never,
      );
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    assert: (options, origin, more = {}) => {
      counter = more.counter ?? counter + 1;
      const rpId = options.rpId ?? new URL(origin).hostname;
      const data = authData(rpId, FLAG_UP | (more.userVerified === false ? 0 : FLAG_UV), counter);
      const json = clientData('webauthn.get', options.challenge, origin);
      const signature = sign('sha256', Buffer.concat([data, sha256(json)]), privateKey);
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(json),
          authenticatorData: b64url(data),
          signature: b64url(signature),
          ...(more.userHandle ? { userHandle: more.userHandle } : {}),
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
};

/**
 * A software passkey for the tests: an EC P-256 key made here, attestation format "none", the
 * CBOR and COSE of @simplewebauthn/server/helpers. It answers the server's options as a browser
 * would (`startRegistration` / `startAuthentication`), from `origin` for `rpId` unless a test
 * says otherwise, with a signature counter that goes up by one per use unless given.
 */
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { cose, isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

type Options = { challenge: string };
type Overrides = { origin?: string; rpId?: string; counter?: number };

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(data));

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  counter = 0;

  constructor(
    readonly origin: string,
    readonly rpId: string,
  ) {}

  get id() {
    return b64url(this.credentialId);
  }

  private cosePublicKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const key = new Map<number, number | Uint8Array>([
      [cose.COSEKEYS.kty, cose.COSEKTY.EC2],
      [cose.COSEKEYS.alg, cose.COSEALG.ES256],
      [cose.COSEKEYS.crv, cose.COSECRV.P256],
      [cose.COSEKEYS.x, isoBase64URL.toBuffer(jwk.x!)],
      [cose.COSEKEYS.y, isoBase64URL.toBuffer(jwk.y!)],
    ]);
    return isoCBOR.encode(key);
  }

  /** rpIdHash, flags (user present and verified; `attested`: with the credential), counter. */
  private authenticatorData(rpId: string, counter: number, attested: boolean): Buffer {
    const head = Buffer.alloc(37);
    sha256(rpId).copy(head, 0);
    head[32] = 0x01 | 0x04 | (attested ? 0x40 : 0);
    head.writeUInt32BE(counter, 33);
    if (!attested) return head;
    const length = Buffer.alloc(2);
    length.writeUInt16BE(this.credentialId.length);
    return Buffer.concat([
      head,
      Buffer.alloc(16), // AAGUID: none
      length,
      this.credentialId,
      Buffer.from(this.cosePublicKey()),
    ]);
  }

  private clientData(type: string, challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private credential<R>(response: R) {
    const { id } = this;
    return { id, rawId: id, type: 'public-key' as const, response, clientExtensionResults: {} };
  }

  /** What `startRegistration({ optionsJSON })` answers. */
  register(options: Options, overrides: Overrides = {}): RegistrationResponseJSON {
    const { origin = this.origin, rpId = this.rpId } = overrides;
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, origin);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(this.authenticatorData(rpId, this.counter, true))],
      ]) as never,
    );
    return this.credential({
      clientDataJSON: b64url(clientDataJSON),
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    });
  }

  /** What `startAuthentication({ optionsJSON })` answers (the counter goes up unless given). */
  authenticate(options: Options, overrides: Overrides = {}): AuthenticationResponseJSON {
    const { origin = this.origin, rpId = this.rpId } = overrides;
    const counter = overrides.counter ?? (this.counter += 1);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, origin);
    const authenticatorData = this.authenticatorData(rpId, counter, false);
    const signature = sign(
      'sha256',
      Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
      this.keys.privateKey,
    );
    return this.credential({
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authenticatorData),
      signature: b64url(signature),
    });
  }
}

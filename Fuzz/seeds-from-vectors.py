#!/usr/bin/env python3
"""Writes the seeds of the webauthn, notes-kit and people-list targets (Tests/Fuzz/<target>/) from the
test vectors: py_webauthn's recorded responses (Tests/Vectors/webauthn-py_webauthn.json) and the
notes kit a `seqr notes kit` printed (Tests/Vectors/notes-kit-swift.json). Each seed starts with the
mode byte its target reads first (docs/fuzzing.md). Standard library only; run from anywhere."""
import base64, hashlib, hmac, json, os, struct

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
seeds = os.path.join(root, 'Tests', 'Fuzz')


def b64url(text):
    return base64.urlsafe_b64decode(text + '=' * (-len(text) % 4))


def write(target, name, data):
    with open(os.path.join(seeds, target, name), 'wb') as f:
        f.write(bytes(data))


def auth_data(attestation_object):
    """authData's bytes inside an attestation object: the byte string after the text "authData"."""
    at = attestation_object.index(b'hauthData') + len(b'hauthData')
    head = attestation_object[at]
    size = {0x58: 1, 0x59: 2}[head]
    length = int.from_bytes(attestation_object[at + 1:at + 1 + size], 'big')
    return attestation_object[at + 1 + size:at + 1 + size + length]


vectors = json.load(open(os.path.join(root, 'Tests', 'Vectors', 'webauthn-py_webauthn.json')))
for i, r in enumerate(vectors['registration']):
    obj, key, client = b64url(r['attestationObject']), b64url(r['expected']['credentialPublicKey']), b64url(r['clientDataJSON'])
    data = auth_data(obj)
    write('webauthn', f'cbor-attestation-object-{i}', [0] + list(obj))
    write('webauthn', f'cbor-cose-key-{i}', [0] + list(key))
    write('webauthn', f'authdata-registration-{i}', [1] + list(data))
    write('webauthn', f'cose-key-{i}', [2] + list(key))
    challenge, credential = b64url(r['challenge']), b64url(r['credentialID'])
    write('webauthn', f'registration-{i}', [3, len(challenge)] + list(challenge) + [len(credential)] + list(credential)
          + list(struct.pack('>H', len(client))) + list(client) + [1] + list(obj))
    write('webauthn', f'structured-registration-{i}', [5, 1] + list(data))
for i, a in enumerate(vectors['authentication']):
    data, key, client, signature = (b64url(a[k]) for k in ('authenticatorData', 'credentialPublicKey', 'clientDataJSON', 'signature'))
    challenge = b64url(a['challenge'])
    write('webauthn', f'authdata-assertion-{i}', [1] + list(data))
    write('webauthn', f'cose-key-assertion-{i}', [2] + list(key))
    write('webauthn', f'assertion-{i}', [4, len(challenge)] + list(challenge) + list(struct.pack('>H', len(client))) + list(client)
          + list(struct.pack('>H', len(data))) + list(data) + [len(signature)] + list(signature)
          + list(struct.pack('>I', a['storedSignCount'])) + [1 if a['requireUserVerification'] else 0] + list(key))
    write('webauthn', f'structured-assertion-{i}', [6] + list(struct.pack('>I', a['storedSignCount'])) + [0] + list(data))

# The notes kit: the vector's code, and codes printed by the harness's kit (32 bytes of 9).
kit = json.load(open(os.path.join(root, 'Tests', 'Vectors', 'notes-kit-swift.json')))
write('notes-kit', 'account-code-vector', [0] + list(base64.b64decode(kit['accountCode'])))


def hkdf(key, info):
    prk = hmac.new(b'\0' * 32, key, hashlib.sha256).digest()
    return hmac.new(prk, info + b'\x01', hashlib.sha256).digest()


code_key = hkdf(bytes([9] * 32), b'seqr notes kit v1 account code')
for name, server, username in [('plain', 'https://notes.example', 'ana'), ('port-path', 'http://127.0.0.1:8080/seqr', 'ben.k@example'),
                               ('unicode', 'https://nötes.example', 'zoë')]:
    signed = b'NK\x01' + server.encode() + b'\n' + username.encode()
    write('notes-kit', f'account-code-{name}', [0] + list(signed + hmac.new(code_key, signed, hashlib.sha256).digest()[:16]))
    write('notes-kit', f'print-{name}', [1, len(server.encode())] + list(server.encode()) + list(username.encode()))

# People lists: the first byte is how many links the command line gave.
link = 'https://notes.example/l/AAECAwQFBgcICQoLDA0ODw#k=' + base64.urlsafe_b64encode(bytes(range(32))).decode().rstrip('=')
old = 'https://notes.example/l/EBESExQVFhcYGRobHB0eHw#k=' + base64.urlsafe_b64encode(bytes(range(16))).decode().rstrip('=')
for name, given, text in [('named', 0, f'# the pickers\n\nAna={link}\nBen={old}\n'), ('bare-crlf', 1, f'{link}\r\n  {old}  \r\n'),
                          ('bom-comments', 0, f'\ufeff# list\n#Ana={link}\nCarla = {link}\n\n'), ('picture-path', 3, 'Ana=./photos/ana.png\nberry.jpg\n')]:
    write('people-list', name, [given] + list(text.encode()))

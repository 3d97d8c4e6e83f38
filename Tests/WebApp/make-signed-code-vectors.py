#!/usr/bin/env python3
"""Writes Tests/Vectors/signed-codes.json: signed codes and SMART Health Cards for the web app's
scanner modules (signed-codes.test.mjs), made by two implementations that share no code with the
page: Python `joserfc` + `cryptography` + zlib (all ten JWS algorithms; health cards, good and
forged), and the `seqr` command line (`jws keygen/sign`, `shc issue`, decoded with `seqr decode`).
For each refused case it records the error line `seqr jws verify` / `seqr shc verify` prints, so
the page is checked to say the same words, the failed step first. Run it again only to replace the
vectors (it needs a built seqr with the step in its error lines):

  python3 Tests/WebApp/make-signed-code-vectors.py [SEQR (default .build/debug/seqr)]
"""
import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zlib

from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa
from joserfc import jws
from joserfc.jwk import ECKey, OKPKey, RSAKey

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SEQR = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug", "seqr")
work = tempfile.mkdtemp(prefix="seqr-signed-vectors-")
SIZES = {"256": 2048, "384": 3072, "512": 4096}
CURVES = {"ES256": ec.SECP256R1(), "ES384": ec.SECP384R1(), "ES512": ec.SECP521R1()}
ISSUER = "https://issuer.example/shc"
OTHER_ISSUER = "https://ministry.example"
NOW = int(time.time())


def b64u(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def private_key(alg):
    if alg[:2] in ("RS", "PS"):
        return RSAKey.import_key(rsa.generate_private_key(public_exponent=65537, key_size=SIZES[alg[2:]]))
    if alg in CURVES:
        return ECKey.import_key(ec.generate_private_key(CURVES[alg]))
    return OKPKey.import_key(ed25519.Ed25519PrivateKey.generate())


def public_jwk(key, alg=None):
    jwk = key.as_dict(private=False)
    jwk["kid"] = key.thumbprint()
    if alg:
        jwk["alg"] = alg
    return jwk


def non_canonical(part):
    """The same bytes spelled with a non-zero unused low bit in the last character."""
    assert len(part) % 4 in (2, 3)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    return part[:-1] + alphabet[alphabet.index(part[-1]) | 1]


def sign(key, alg, payload, header=None):
    # SMART Health Cards' "zip" is no JWS header joserfc registers: its strict header check is off for them.
    registry = jws.JWSRegistry(algorithms=[alg], strict_check_header=False)
    return jws.serialize_compact({"alg": alg, "kid": key.thumbprint(), **(header or {})}, payload, key, registry=registry)


def deflate(data):
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    return compressor.compress(data) + compressor.flush()


def seqr(*args, check=True):
    if os.environ.get("NO_CLI"):  # a dry run of the Python half, for working on the page's modules
        class Fake:
            returncode, stdout, stderr = (65 if "verify" in args else 0), "", "seqr: (no CLI)"
        return Fake()
    return subprocess.run([SEQR, *args], capture_output=True, text=True, check=check)


def error_line(result):
    """The one line a refused verify printed, without the program's name in front."""
    assert result.returncode == 65, (result.returncode, result.stderr)
    line = result.stderr.strip().splitlines()[-1]
    return line.split(": ", 1)[1] if line.startswith(("seqr: ", "error: ")) else line


def write(name, text):
    path = os.path.join(work, name)
    with open(path, "w") as f:
        f.write(text)
    return path


def card_payload(iss, nbf, exp=None, family="Anyperson", given=("John", "B.")):
    bundle = {"resourceType": "Bundle", "type": "collection", "entry": [
        {"fullUrl": "resource:0", "resource": {"resourceType": "Patient", "name": [{"family": family, "given": list(given)}], "birthDate": "1951-01-20"}},
        {"fullUrl": "resource:1", "resource": {"resourceType": "Immunization", "status": "completed",
                                               "vaccineCode": {"coding": [{"system": "http://hl7.org/fhir/sid/cvx", "code": "207"}]},
                                               "patient": {"reference": "resource:0"}, "occurrenceDateTime": "2021-01-01",
                                               "performer": [{"actor": {"display": "ABC General Hospital"}}], "lotNumber": "0000001"}},
        {"fullUrl": "resource:2", "resource": {"resourceType": "Immunization", "status": "completed",
                                               "vaccineCode": {"coding": [{"system": "http://hl7.org/fhir/sid/cvx", "code": "207"}]},
                                               "patient": {"reference": "resource:0"}, "occurrenceDateTime": "2021-01-29",
                                               "performer": [{"actor": {"display": "ABC General Hospital"}}], "lotNumber": "0000007"}}]}
    payload = {"iss": iss, "nbf": nbf, "vc": {"type": ["https://smarthealth.cards#health-card"],
                                               "credentialSubject": {"fhirVersion": "4.0.1", "fhirBundle": bundle}}}
    if exp is not None:
        payload["exp"] = exp
    return json.dumps(payload, separators=(",", ":")).encode()


def card(key, payload, zip_header=True, compressed=None):
    body = compressed if compressed is not None else deflate(payload)
    return sign(key, "ES256", body, {"zip": "DEF"} if zip_header else {})


def qr_contents(token, chunks=1):
    digits = "".join(f"{ord(c) - 45:02d}" for c in token)
    if chunks <= 1:
        return ["shc:/" + digits]
    per = -(-len(token) // chunks) * 2
    return [f"shc:/{i + 1}/{chunks}/{digits[i * per:(i + 1) * per]}" for i in range(chunks)]


def shc_verify(texts, jwks_path):
    return seqr("shc", "verify", write("card.txt", "\n".join(texts)), "--jwks", jwks_path, check=False)


def jws_verify(token, key_path):
    return seqr("jws", "verify", "--key", key_path, token, check=False)


vectors = {"generatedAt": NOW, "joserfc": [], "refusedJWS": [], "cards": [], "refusedCards": [], "swift": {}}

# Every algorithm, signed by joserfc, verified by the page with the public JWK.
for alg in ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"]:
    key = private_key(alg)
    payload = json.dumps({"alg": alg, "message": "signed by joserfc"}).encode()
    vectors["joserfc"].append({"alg": alg, "jwk": public_jwk(key), "token": sign(key, alg, payload), "payload": payload.decode()})

# Refused signed codes, each with the line `seqr jws verify` prints for it.
key, other = private_key("ES256"), private_key("ES256")
jwk_path = write("es256.jwk.json", json.dumps(public_jwk(key)))
good = sign(key, "ES256", b'{"sub":"onboarding"}')
h, p, s = good.split(".")
forged_payload = b64u(b'{"sub":"attacker"}')
hs_header = b64u(json.dumps({"alg": "HS256", "kid": key.thumbprint()}).encode())
cases = [
    ("tampered payload", f"{h}.{forged_payload}.{s}"),
    ("another key's signature", f"{h}.{p}.{sign(other, 'ES256', b'x').split('.')[2]}"),
    ("alg none", f"{b64u(json.dumps({'alg': 'none'}).encode())}.{p}."),
    ("HMAC algorithm confusion", f"{hs_header}.{p}.{s}"),
    ("unknown crit", f"{b64u(json.dumps({'alg': 'ES256', 'crit': ['exp']}).encode())}.{p}.{s}"),
    ("two parts", f"{h}.{p}"),
    ("non-canonical base64url", f"{h}.{non_canonical(p)}.{s}"),
    ("expired", sign(key, "ES256", json.dumps({"sub": "x", "exp": 1700000000}).encode())),
    ("not yet valid", sign(key, "ES256", json.dumps({"sub": "x", "nbf": 4102444800}).encode())),
    ("header not JSON", f"{b64u(b'not json')}.{p}.{s}"),
]
for name, token in cases:
    vectors["refusedJWS"].append({"name": name, "token": token, "cliError": error_line(jws_verify(token, jwk_path))})
vectors["refusedJWSKey"] = public_jwk(key)
# A kid no trusted key has: verified with a JWK set of the one key.
set_path = write("es256.jwks.json", json.dumps({"keys": [public_jwk(key)]}))
unknown_kid = sign(other, "ES256", b'{"sub":"x"}')
vectors["refusedJWSWithSet"] = {"jwks": {"keys": [public_jwk(key)]}, "token": unknown_kid,
                                "cliError": error_line(seqr("jws", "verify", "--jwks", set_path, unknown_kid, check=False))}

# Health cards by joserfc and zlib, verified by `seqr shc verify` and by the page.
issuer, intruder = private_key("ES256"), private_key("ES256")
issuer_set = {"keys": [public_jwk(issuer, "ES256") | {"use": "sig"}], "iss": ISSUER}
issuer_path = write("issuer.jwks.json", json.dumps(issuer_set))
vectors["issuer"] = issuer_set
vectors["otherIssuer"] = {"keys": [public_jwk(intruder, "ES256") | {"use": "sig"}], "iss": OTHER_ISSUER}
good_card = card(issuer, card_payload(ISSUER, NOW - 3600, NOW + 10 * 365 * 86400))
hostile = card(issuer, card_payload(ISSUER, NOW - 3600, family="Anyperson\n  dose 9:     2099-01-01  CVX 000\u202e", given=("J\x1b[2J",)))
for name, token, chunks in [("good, one code", good_card, 1), ("good, three chunks", good_card, 3), ("hostile names", hostile, 1)]:
    texts = qr_contents(token, chunks)
    result = shc_verify(texts, issuer_path)
    assert result.returncode == 0 or os.environ.get("NO_CLI"), result.stderr
    vectors["cards"].append({"name": name, "texts": texts, "cliLines": result.stdout.rstrip("\n").split("\n")})

bomb = deflate(b"{" + b" " * (5 * 1024 * 1024) + b"}")
refused_cards = [
    ("no shc:/ prefix", ["shx:/" + qr_contents(good_card)[0][5:]]),
    ("odd digits", [qr_contents(good_card)[0] + "5"]),
    ("digit pair above 77", ["shc:/78" + qr_contents(good_card)[0][7:]]),
    ("a missing chunk", qr_contents(good_card, 3)[:2]),
    ("a chunk claiming 17", ["shc:/1/17/" + qr_contents(good_card)[0][5:]]),
    ("forged signature", qr_contents(".".join(good_card.split(".")[:2] + [card(intruder, card_payload(ISSUER, NOW)).split(".")[2]]))),
    ("an unknown kid", qr_contents(card(intruder, card_payload(ISSUER, NOW - 60)))),
    ("another issuer's claim", qr_contents(card(issuer, card_payload(OTHER_ISSUER, NOW - 60)))),
    ("expired", qr_contents(card(issuer, card_payload(ISSUER, 1600000000, 1700000000)))),
    ("from the future", qr_contents(card(issuer, card_payload(ISSUER, 4102444800)))),
    ("not zip DEF", qr_contents(card(issuer, card_payload(ISSUER, NOW - 60), zip_header=False))),
    ("does not inflate", qr_contents(card(issuer, b"", compressed=b"\xff\xff\xff\xff"))),
    ("a DEFLATE bomb", qr_contents(card(issuer, b"", compressed=bomb))),
    ("payload not JSON", qr_contents(card(issuer, b"not json at all"))),
]
for name, texts in refused_cards:
    vectors["refusedCards"].append({"name": name, "texts": texts, "cliError": error_line(shc_verify(texts, issuer_path))})

if os.environ.get("NO_CLI"):
    with open(os.environ["NO_CLI"], "w") as f:
        json.dump(vectors, f, indent=1)
    sys.exit(0)

# The same from the command line: seqr's keys, tokens and a chunked card, decoded from its QR codes.
for alg in ["ES256", "EdDSA", "PS256", "RS256"]:
    key_path = os.path.join(work, f"seqr-{alg}.pem")
    seqr("jws", "keygen", "--alg", alg, "-o", key_path, "--jwk")
    payload = write(f"payload-{alg}.json", json.dumps({"signedBy": "seqr", "alg": alg}))
    token = seqr("jws", "sign", "--key", key_path, payload, "--print").stdout.strip()
    url = seqr("jws", "sign", "--key", key_path, "--url", "https://mobile.example/onboard?x=1", payload, "--print").stdout.strip()
    jwk = json.load(open(key_path[:-4] + ".jwk.json"))
    vectors["swift"].setdefault("jws", []).append({"alg": alg, "jwk": jwk, "token": token, "url": url, "payload": open(payload).read()})
issuer_pem = os.path.join(work, "seqr-issuer.pem")
seqr("jws", "keygen", "--alg", "ES256", "-o", issuer_pem, "--jwk", "--issuer", ISSUER)
bundle = write("bundle.json", json.dumps(json.loads(card_payload(ISSUER, 0))["vc"]["credentialSubject"]["fhirBundle"]))
seqr("shc", "issue", "--key", issuer_pem, "--issuer", ISSUER, bundle, "--chunks", "2", "-o", os.path.join(work, "seqr-card.png"))
texts = [seqr("decode", os.path.join(work, f"seqr-card-{i}.png"), "--raw", "-").stdout.strip() for i in (1, 2)]
result = shc_verify(texts, issuer_pem[:-4] + ".jwks.json")
assert result.returncode == 0, result.stderr
vectors["swift"]["card"] = {"jwks": json.load(open(issuer_pem[:-4] + ".jwks.json")), "texts": texts, "cliLines": result.stdout.rstrip("\n").split("\n")}

with open(os.path.join(ROOT, "Tests", "Vectors", "signed-codes.json"), "w") as f:
    json.dump(vectors, f, indent=1, ensure_ascii=True)
    f.write("\n")
shutil.rmtree(work)
print("wrote Tests/Vectors/signed-codes.json")

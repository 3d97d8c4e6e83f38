#!/usr/bin/env python3
"""An independent RNCryptor v3 implementation, written from RNCryptor-Spec-v3.md alone with the
`cryptography` package, for Seqr's compatibility tests.

  rncryptor_reference.py encrypt PASSWORD ITERATIONS   stdin plaintext -> stdout message
  rncryptor_reference.py decrypt PASSWORD ITERATIONS   stdin message -> stdout plaintext (exit 2 on HMAC mismatch)
"""
import hmac
import os
import sys

from cryptography.hazmat.primitives import hashes, padding
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.hashes import SHA256
from cryptography.hazmat.primitives.hmac import HMAC
from cryptography.hazmat.primitives.kdf.pbkdf2 import PBKDF2HMAC


def key(password, salt, iterations):
    return PBKDF2HMAC(algorithm=hashes.SHA1(), length=32, salt=salt, iterations=iterations).derive(password.encode())


def mac(data, hmac_key):
    h = HMAC(hmac_key, SHA256())
    h.update(data)
    return h.finalize()


def encrypt(plaintext, password, iterations):
    enc_salt, hmac_salt, iv = os.urandom(8), os.urandom(8), os.urandom(16)
    padder = padding.PKCS7(128).padder()
    padded = padder.update(plaintext) + padder.finalize()
    encryptor = Cipher(algorithms.AES(key(password, enc_salt, iterations)), modes.CBC(iv)).encryptor()
    message = bytes([3, 1]) + enc_salt + hmac_salt + iv + encryptor.update(padded) + encryptor.finalize()
    return message + mac(message, key(password, hmac_salt, iterations))


def decrypt(message, password, iterations):
    if len(message) < 34 + 16 + 32 or message[0] != 3 or message[1] != 1:
        raise ValueError("not an RNCryptor v3 password message")
    enc_salt, hmac_salt, iv = message[2:10], message[10:18], message[18:34]
    body, tag = message[:-32], message[-32:]
    if not hmac.compare_digest(mac(body, key(password, hmac_salt, iterations)), tag):
        sys.exit(2)
    decryptor = Cipher(algorithms.AES(key(password, enc_salt, iterations)), modes.CBC(iv)).decryptor()
    padded = decryptor.update(message[34:-32]) + decryptor.finalize()
    unpadder = padding.PKCS7(128).unpadder()
    return unpadder.update(padded) + unpadder.finalize()


if __name__ == "__main__":
    command, password, iterations = sys.argv[1], sys.argv[2], int(sys.argv[3])
    data = sys.stdin.buffer.read()
    out = encrypt(data, password, iterations) if command == "encrypt" else decrypt(data, password, iterations)
    sys.stdout.buffer.write(out)

#!/usr/bin/env python3
"""Berry Picker Tracker's CryptoES string, rebuilt from the seed alone with `cryptography`:
CryptoES.AES.encrypt(text, keyWordArray, {iv}) = AES-128-CBC + PKCS#7 (a WordArray key means no
KDF), whose string form is Base64(ciphertext); the app appends Base64(iv).

  berrypicker_reference.py encrypt KEY_B64 [IV_HEX]   stdin text -> stdout string
  berrypicker_reference.py decrypt KEY_B64            stdin string -> stdout text
"""
import base64
import os
import sys

from cryptography.hazmat.primitives import padding
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes


def encrypt(text, key, iv):
    padder = padding.PKCS7(128).padder()
    data = padder.update(text) + padder.finalize()
    encryptor = Cipher(algorithms.AES(key), modes.CBC(iv)).encryptor()
    ciphertext = encryptor.update(data) + encryptor.finalize()
    return base64.b64encode(ciphertext) + base64.b64encode(iv)


def decrypt(string, key):
    ciphertext, iv = base64.b64decode(string[:-24]), base64.b64decode(string[-24:])
    decryptor = Cipher(algorithms.AES(key), modes.CBC(iv)).decryptor()
    padded = decryptor.update(ciphertext) + decryptor.finalize()
    unpadder = padding.PKCS7(128).unpadder()
    return unpadder.update(padded) + unpadder.finalize()


if __name__ == "__main__":
    command, key = sys.argv[1], base64.b64decode(sys.argv[2])
    data = sys.stdin.buffer.read()
    if command == "encrypt":
        iv = bytes.fromhex(sys.argv[3]) if len(sys.argv) > 3 else os.urandom(16)
        sys.stdout.buffer.write(encrypt(data, key, iv))
    else:
        sys.stdout.buffer.write(decrypt(data.strip(), key))

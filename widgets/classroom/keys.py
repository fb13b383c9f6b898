"""Class codes, teacher keys, student tokens and names: made, hashed, checked.

No Jupyter and no database here. A teacher key is a random secret shown once and kept
as a salted scrypt hash, compared in constant time; a student token is long and random,
so its SHA-256 is enough. Class codes use an alphabet without look-alikes.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

from .models import NAME_LENGTH

__all__ = [
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "check_name",
    "hash_key",
    "key_matches",
    "new_code",
    "new_key",
    "normal_code",
    "token_hash",
]

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTVWXYZ23456789"
"""Class code characters: no 0/O, 1/I/L or U, so a code read off a board is typed right."""
CODE_LENGTH = 6
KEY_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789"
"""Teacher key characters: no 0/O/o, 1/l/I, so a key written down is read back right."""
KEY_LENGTH = 20
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
"""Characters a name or a target may not hold (control and line-breaking ones)."""
_SCRYPT = {"n": 2**14, "r": 8, "p": 1}


def new_code() -> str:
    """A random class code."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_key() -> str:
    """A random teacher key: 20 characters without look-alikes (about 115 bits)."""
    return "".join(secrets.choice(KEY_ALPHABET) for _ in range(KEY_LENGTH))


def hash_key(key: str) -> str:
    """A salted scrypt hash of a teacher key, as ``scrypt$n$r$p$salt$hash`` (hex)."""
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(key.encode(), salt=salt, dklen=32, **_SCRYPT)
    params = "$".join(str(_SCRYPT[name]) for name in ("n", "r", "p"))
    return f"scrypt${params}${salt.hex()}${digest.hex()}"


def key_matches(key: object, stored: str) -> bool:
    """True when ``key`` is the teacher key ``stored`` hashes (compared in constant time)."""
    if not isinstance(key, str) or not 0 < len(key) <= 200:
        return False
    try:
        _, n, r, p, salt, digest = stored.split("$")
        got = hashlib.scrypt(
            key.strip().encode(), salt=bytes.fromhex(salt), n=int(n), r=int(r), p=int(p), dklen=32
        )
    except ValueError:
        return False
    return hmac.compare_digest(got.hex(), digest)


def token_hash(token: str) -> str:
    """The SHA-256 of a student token (hex), as the store keeps it."""
    return hashlib.sha256(token.encode()).hexdigest()


def check_name(name: object, what: str = "name") -> str:
    """A student name or class title, trimmed; ValueError for an empty, long or odd one."""
    if not isinstance(name, str):
        raise ValueError(f"the {what} must be text")
    name = " ".join(name.split())
    if not name:
        raise ValueError(f"type a {what}")
    if len(name) > NAME_LENGTH:
        raise ValueError(f"the {what} is too long (at most {NAME_LENGTH} characters)")
    if CONTROL.search(name):
        raise ValueError(f"the {what} holds characters that cannot be shown")
    return name


def normal_code(code: object) -> str:
    """A class code as typed, upper-cased and checked; ValueError if it cannot be one."""
    if not isinstance(code, str):
        raise ValueError("a class code is six letters and digits")
    code = code.strip().upper().replace(" ", "").replace("-", "")
    if len(code) != CODE_LENGTH or any(char not in CODE_ALPHABET for char in code):
        raise ValueError("a class code is six letters and digits, like K7RT2Q")
    return code

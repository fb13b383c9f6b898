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
import unicodedata

from cardschool.engine.errors import Told
from cardschool.engine.messages import message

from .basics import NAME_LENGTH
from .messages import CLASSROOM  # noqa: F401  (the catalog registered)

__all__ = [
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "Refused",
    "check_name",
    "hash_key",
    "key_matches",
    "name_key",
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
_INVISIBLE = dict.fromkeys(map(ord, "\u00ad\u180e\u200b\u200c\u200d\u2060\ufeff"))
"""Characters that show nothing (soft hyphen, zero-width ones): removed from a name."""
_ALPHABETS = frozenset({"LATIN", "CYRILLIC", "GREEK", "ARMENIAN", "CHEROKEE", "COPTIC"})
"""Alphabets whose letters look like one another's: a name keeps to one of them."""
_LOOK_ALIKES = str.maketrans(
    "АВЕКМНОРСТХУЅІЈаеорсхуѕіјԁһԛԝӏΑΒΕΖΗΙΚΜΝΟΡΤΧΥαιονρτυχ",
    "ABEKMHOPCTXYSIJaeopcxysijdhqwlABEZHIKMNOPTXYaiovptux",
)
"""Cyrillic and Greek letters drawn like Latin ones, and the Latin letter each looks like."""


_KINDS = {"name": "name", "class title": "title"}
"""What :func:`check_name` checks, and its messages' prefix (``classroom:title.empty``)."""


class Refused(Told, ValueError):
    """A name, class title or class code that cannot be taken: ``.said`` says why as a
    clause (no capital, no stop); a page shows it as ``classroom:refused`` (a sentence)."""


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


def _alphabet(char: str) -> str | None:
    """The look-alike-prone alphabet a letter belongs to (``LATIN``...), None for others."""
    word = unicodedata.name(char, "").split(" ", 1)[0]
    return word if word in _ALPHABETS else None


def _odd_letter(word: str) -> str | None:
    """The first letter of ``word`` from its less used look-alike alphabet (None: one only)."""
    letters = [(char, _alphabet(char)) for char in word if char.isalpha()]
    alphabets = {alphabet for _char, alphabet in letters if alphabet}
    if len(alphabets) < 2:
        return None
    counts = {a: sum(1 for _c, b in letters if b == a) for a in alphabets}
    fewest = min(alphabets, key=lambda a: (counts[a], a))
    return next(char for char, alphabet in letters if alphabet == fewest)


def name_key(name: str) -> str:
    """What a name is compared by: case-folded, look-alike letters read as the Latin ones.

    Two names with one key read the same on the board (``Twin``, ``twin``, ``Тwin``).
    """
    return unicodedata.normalize("NFKC", name.translate(_LOOK_ALIKES)).casefold()


def check_name(name: object, what: str = "name", *, strict: bool = True) -> str:
    """A student name or class title (``what``), trimmed; :class:`Refused` for an empty,
    long or odd one.

    The name is normalised first (Unicode NFKC, invisible characters removed); a name with
    a direction or other formatting character, or a student name with a word whose letters
    mix look-alike alphabets (a Cyrillic Т in a Latin word), is refused with a sentence
    unless not ``strict`` (a name the store holds already, sent back by a browser).
    """
    kind = _KINDS[what]
    if not isinstance(name, str):
        raise Refused(message(f"classroom:{kind}.not-text"))
    name = unicodedata.normalize("NFKC", name).translate(_INVISIBLE)
    name = " ".join(name.split())
    if strict and any(unicodedata.category(char) in ("Cf", "Co", "Cn", "Cs") for char in name):
        # a right-to-left override (U+202E) and its kin turn the board's lines around
        raise Refused(message("classroom:name.format"))
    for word in name.split() if strict and what == "name" else ():
        odd = _odd_letter(word)
        if odd:  # one word in two look-alike alphabets: it could pass for another name
            raise Refused(message("classroom:name.mixed", letter=odd))
    if not name:
        raise Refused(message(f"classroom:{kind}.empty"))
    if len(name) > NAME_LENGTH:
        raise Refused(message(f"classroom:{kind}.too-long", limit=NAME_LENGTH))
    if CONTROL.search(name):
        raise Refused(message(f"classroom:{kind}.unshowable"))
    return name


def normal_code(code: object) -> str:
    """A class code as typed, upper-cased and checked; :class:`Refused` if it cannot be one."""
    if not isinstance(code, str):
        raise Refused(message("classroom:code.not-text"))
    code = code.strip().upper().replace(" ", "").replace("-", "")
    if len(code) != CODE_LENGTH or any(char not in CODE_ALPHABET for char in code):
        raise Refused(message("classroom:code.form"))
    return code

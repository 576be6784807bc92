"""Tokenisation with character offsets, for any script.

TEA's word graph and its terminal matching need tokens, but the output must
reproduce the instance text character for character.  So a token here is a
*span* ``(start, end)`` into the original string, never a normalised copy:
templates are cut from the text between spans, spaces included.

Rules, decided per character by Unicode properties (no language list needed):

* letters, marks and digits (categories L*, M*, N*, and ``_``) form word runs —
  combining marks stay inside their word, which matters for Devanagari,
  Gujarati, Arabic, Thai vowel signs;
* characters of scripts written without spaces (Han, Hiragana, Katakana, Thai,
  Lao, Khmer, Myanmar, Tibetan, …) are one token each, since no space tells
  where their words end; a lexicon value of several characters is then a path of
  several tokens;
* every other non-space character (punctuation, symbols) is a token of its own;
* whitespace separates tokens and belongs to none.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import NamedTuple

# Unicode character-name prefixes of scripts written without spaces between words.
UNSEGMENTED_SCRIPTS = (
    "CJK", "HIRAGANA", "KATAKANA", "HALFWIDTH KATAKANA", "BOPOMOFO", "IDEOGRAPHIC",
    "THAI", "LAO", "KHMER", "MYANMAR", "TIBETAN", "JAVANESE", "BALINESE", "YI ",
)

WORD, CHAR, PUNCT, SPACE = 0, 1, 2, 3


@lru_cache(maxsize=65536)
def char_class(ch: str) -> int:
    """WORD (joins its neighbours), CHAR (a token alone), PUNCT, or SPACE."""
    if ch.isspace():
        return SPACE
    cat = unicodedata.category(ch)
    if cat[0] in "LMN" or ch == "_":
        if cat[0] in "LM" or cat == "Nd":
            name = unicodedata.name(ch, "")
            if name.startswith(UNSEGMENTED_SCRIPTS):
                return CHAR
        return WORD
    if cat in ("Cf",):          # zero-width joiners etc. stay inside words
        return WORD
    return PUNCT


def is_char_token(token: str) -> bool:
    """Is this a token of a script written without spaces (one character)?"""
    return char_class(token[0]) == CHAR


class Token(NamedTuple):
    start: int
    end: int


def tokenize(text: str) -> list[Token]:
    """Spans of the tokens of ``text`` in order (see the module docstring)."""
    spans: list[Token] = []
    i, n = 0, len(text)
    while i < n:
        c = char_class(text[i])
        if c == SPACE:
            i += 1
            continue
        j = i + 1
        if c == WORD:
            while j < n and char_class(text[j]) == WORD:
                j += 1
        elif c == CHAR:
            # a combining mark attached to an unsegmented character stays with it
            while j < n and unicodedata.category(text[j])[0] == "M":
                j += 1
        spans.append(Token(i, j))
        i = j
    return spans


def token_strings(text: str) -> list[str]:
    return [text[a:b] for a, b in tokenize(text)]


class Segmented(NamedTuple):
    """A text with its token spans and token strings (one target field)."""

    text: str
    spans: tuple
    tokens: tuple

    def surface(self, i: int, j: int) -> str:
        """The exact text of tokens ``i..j-1``, inner spacing included."""
        return self.text[self.spans[i].start:self.spans[j - 1].end]

    def gap(self, i: int) -> str:
        """The text between token ``i`` and token ``i+1`` (usually a space or '')."""
        return self.text[self.spans[i].end:self.spans[i + 1].start]


def segment(text: str) -> Segmented:
    spans = tuple(tokenize(text))
    return Segmented(text, spans, tuple(text[a:b] for a, b in spans))

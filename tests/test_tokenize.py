"""Tokenisation with character spans, for any script (tea_solver.tokenize)."""

from __future__ import annotations

import unicodedata

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tea_solver.tokenize import (CHAR, PUNCT, SPACE, WORD, Segmented, char_class, segment,
                                 token_strings, tokenize)

PROPERTY = settings(max_examples=200, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def check_spans(text: str) -> None:
    """Invariants every tokenisation must satisfy."""
    spans = tokenize(text)
    prev_end = 0
    for a, b in spans:
        assert prev_end <= a < b <= len(text), (text, spans)
        # everything between two tokens is whitespace
        assert all(c.isspace() for c in text[prev_end:a]), (text, spans)
        # whitespace is never inside a token
        assert not any(c.isspace() for c in text[a:b]), (text, spans)
        prev_end = b
    assert all(c.isspace() for c in text[prev_end:])
    # the spans reproduce every non-space character, in order
    assert "".join(text[a:b] for a, b in spans) == "".join(c for c in text if not c.isspace())


# --------------------------------------------------------------------------- #
# Examples

def test_english_words_and_punctuation():
    assert token_strings("The flight was good.") == ["The", "flight", "was", "good", "."]
    assert token_strings("Hello,world!  (yes)") == ["Hello", ",", "world", "!", "(", "yes", ")"]
    assert token_strings("it's 42 km") == ["it", "'", "s", "42", "km"]


def test_spans_are_character_offsets():
    text = "  Paris  is\tbig. "
    spans = tokenize(text)
    assert [tuple(s) for s in spans] == [(2, 7), (9, 11), (12, 15), (15, 16)]
    assert [text[a:b] for a, b in spans] == ["Paris", "is", "big", "."]
    check_spans(text)


def test_underscore_and_digits_join_words():
    assert token_strings("snake_case x2 3.5") == ["snake_case", "x2", "3", ".", "5"]


def test_devanagari_vowel_signs_stay_in_word():
    text = "उड़ान अच्छी थी।"
    toks = token_strings(text)
    assert toks == ["उड़ान", "अच्छी", "थी", "।"]
    # the words really do contain combining marks (matras, virama, nukta)
    assert any(unicodedata.category(c) == "Mn" for c in toks[0])
    assert any(unicodedata.category(c) == "Mc" for c in toks[1])
    check_spans(text)


def test_devanagari_nfc_and_nfd_both_one_word():
    word = "उड़ान"
    for form in ("NFC", "NFD"):
        w = unicodedata.normalize(form, word)
        assert token_strings(w + " है") == [w, "है"]


def test_gujarati_and_arabic_words():
    assert token_strings("ફ્લાઇટ સારી હતી.") == ["ફ્લાઇટ", "સારી", "હતી", "."]
    assert token_strings("الرحلة كانت جيدة.") == ["الرحلة", "كانت", "جيدة", "."]
    assert token_strings("مُحَمَّد") == ["مُحَمَّد"]     # harakat are marks


def test_japanese_characters_are_one_token_each():
    text = "東京は大きい。"
    assert token_strings(text) == ["東", "京", "は", "大", "き", "い", "。"]
    assert token_strings("サービスは良かった。") == ["サ", "ー", "ビ", "ス", "は", "良", "か",
                                                   "っ", "た", "。"]
    check_spans(text)


def test_chinese_characters_are_one_token_each():
    assert token_strings("我爱北京。") == ["我", "爱", "北", "京", "。"]
    assert token_strings("他很高，她很矮！") == ["他", "很", "高", "，", "她", "很", "矮", "！"]


def test_thai_characters_are_one_token_each_with_marks_attached():
    assert token_strings("ภาษาไทย") == ["ภ", "า", "ษ", "า", "ไ", "ท", "ย"]
    # SARA I (U+0E34) is a combining mark: it stays with its consonant
    assert token_strings("กิน") == ["กิ", "น"]


def test_mixed_scripts():
    assert token_strings("Tokyo東京 is big") == ["Tokyo", "東", "京", "is", "big"]
    assert token_strings("ABCとDEF") == ["ABC", "と", "DEF"]


def test_unusual_whitespace_separates():
    text = "a\u00a0b\u3000c\u2009d\ne"
    assert token_strings(text) == ["a", "b", "c", "d", "e"]
    check_spans(text)


def test_zero_width_joiner_stays_inside_word():
    assert token_strings("क्\u200dष x") == ["क्\u200dष", "x"]


def test_empty_and_blank():
    assert tokenize("") == []
    assert tokenize(" \t\n ") == []


def test_char_class():
    assert char_class("a") == WORD
    assert char_class("\u0901") == WORD          # Devanagari candrabindu (a mark)
    assert char_class("東") == CHAR
    assert char_class("ア") == CHAR
    assert char_class("ก") == CHAR
    assert char_class(".") == PUNCT
    assert char_class("।") == PUNCT
    assert char_class("。") == PUNCT
    assert char_class(" ") == SPACE
    assert char_class("\u3000") == SPACE


# --------------------------------------------------------------------------- #
# Segmented

def test_segment_surface_and_gap():
    seg = segment("New  York is\tbig.")
    assert isinstance(seg, Segmented)
    assert seg.tokens == ("New", "York", "is", "big", ".")
    assert seg.surface(0, 2) == "New  York"       # inner spacing as written
    assert seg.surface(2, 5) == "is\tbig."
    assert seg.surface(3, 4) == "big"
    assert seg.gap(0) == "  "
    assert seg.gap(2) == "\t"
    assert seg.gap(3) == ""
    assert seg.surface(0, len(seg.tokens)) == seg.text


def test_segment_unsegmented_surface_has_no_gaps():
    seg = segment("東京は大きい。")
    assert seg.surface(0, 2) == "東京"
    assert all(seg.gap(i) == "" for i in range(len(seg.tokens) - 1))


def test_segment_rebuilds_text_from_surfaces_and_gaps():
    text = "  Mary  est plus grande que  John. "
    seg = segment(text)
    rebuilt = seg.tokens[0] + "".join(seg.gap(i) + seg.tokens[i + 1]
                                      for i in range(len(seg.tokens) - 1))
    assert rebuilt == text.strip()
    assert seg.tokens == tuple(token_strings(text))


# --------------------------------------------------------------------------- #
# Properties

MIXED = st.text(alphabet=st.sampled_from(
    list("ab Z9_.,!?'-\t\n") + ["\u00a0", "\u3000", "उ", "ड", "\u093c", "ा", "्", "\u0301",
                                 "東", "京", "は", "ー", "ก", "\u0e34", "।", "。", "\u200d",
                                 "ä", "ß", "ع", "\u064e"]), max_size=40)


@PROPERTY
@given(MIXED)
def test_spans_reproduce_text_mixed(text):
    check_spans(text)
    seg = segment(text)
    assert seg.tokens == tuple(text[a:b] for a, b in seg.spans)
    for i in range(len(seg.tokens) - 1):
        assert seg.gap(i).isspace() or seg.gap(i) == ""
        assert seg.surface(i, i + 2) == seg.tokens[i] + seg.gap(i) + seg.tokens[i + 1]


@PROPERTY
@given(st.text(max_size=30))
def test_spans_reproduce_text_any_unicode(text):
    check_spans(text)


@PROPERTY
@given(st.text(alphabet=st.sampled_from(list("東京大きいはアー我爱ก")), min_size=1, max_size=20))
def test_unsegmented_text_one_token_per_character(text):
    assert token_strings(text) == list(text)

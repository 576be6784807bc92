"""Language codes: what each family of translation model calls a language.

Users name languages the way CheckLists and instance files do (``hi``, ``ja``:
ISO 639-1), or the way their model's documentation does.  Each model family
has its own convention, and a wrong code does not fail loudly -- the model
just translates into some other language -- so codes are resolved against
the codes the model's *tokenizer* actually has:

=========  ==========================  =========================================
family     code (Hindi)                how the code reaches the model
=========  ==========================  =========================================
nllb       ``hin_Deva``                ``tokenizer.src_lang``; target token as
                                       ``forced_bos_token_id``
m2m100     ``hi`` (token ``__hi__``)   ``tokenizer.src_lang``; ``get_lang_id``
                                       as ``forced_bos_token_id``
mbart      ``hi_IN`` (mBART-50)        ``tokenizer.src_lang``; target token as
                                       ``forced_bos_token_id``
marian     ``>>hin<<`` (multi-target   the model *is* the language pair; a
           models only)                multi-target model takes the target
                                       token as a prefix of the source text
plain      --                          any other seq2seq model: text as is
=========  ==========================  =========================================

A user code may be written in any of these forms (``hi``, ``hin``, ``hin_Deva``,
``hi_IN``, ``hi-IN``); it is tried as given first, then mapped.  The one table
this needs is ISO 639-1 -> NLLB-200 code (:data:`NLLB`): NLLB names individual
languages with a script, and for macrolanguages picks one member (Arabic is
``arb_Arab``, Swahili ``swh_Latn``, Persian ``pes_Arab``), which no rule derives.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

#: ISO 639-1 -> the NLLB-200 code of that language (FLORES-200 naming).
NLLB = {
    "af": "afr_Latn", "ak": "aka_Latn", "am": "amh_Ethi", "ar": "arb_Arab", "as": "asm_Beng",
    "ay": "ayr_Latn", "az": "azj_Latn", "ba": "bak_Cyrl", "be": "bel_Cyrl", "bg": "bul_Cyrl",
    "bm": "bam_Latn", "bn": "ben_Beng", "bo": "bod_Tibt", "bs": "bos_Latn", "ca": "cat_Latn",
    "cs": "ces_Latn", "cy": "cym_Latn", "da": "dan_Latn", "de": "deu_Latn", "dz": "dzo_Tibt",
    "ee": "ewe_Latn", "el": "ell_Grek", "en": "eng_Latn", "eo": "epo_Latn", "es": "spa_Latn",
    "et": "est_Latn", "eu": "eus_Latn", "fa": "pes_Arab", "ff": "fuv_Latn", "fi": "fin_Latn",
    "fj": "fij_Latn", "fo": "fao_Latn", "fr": "fra_Latn", "ga": "gle_Latn", "gd": "gla_Latn",
    "gl": "glg_Latn", "gn": "grn_Latn", "gu": "guj_Gujr", "ha": "hau_Latn", "he": "heb_Hebr",
    "hi": "hin_Deva", "hr": "hrv_Latn", "ht": "hat_Latn", "hu": "hun_Latn", "hy": "hye_Armn",
    "id": "ind_Latn", "ig": "ibo_Latn", "is": "isl_Latn", "it": "ita_Latn", "ja": "jpn_Jpan",
    "jv": "jav_Latn", "ka": "kat_Geor", "kg": "kon_Latn", "ki": "kik_Latn", "kk": "kaz_Cyrl",
    "km": "khm_Khmr", "kn": "kan_Knda", "ko": "kor_Hang", "kr": "knc_Latn", "ks": "kas_Arab",
    "ku": "kmr_Latn", "ky": "kir_Cyrl", "lb": "ltz_Latn", "lg": "lug_Latn", "li": "lim_Latn",
    "ln": "lin_Latn", "lo": "lao_Laoo", "lt": "lit_Latn", "lv": "lvs_Latn", "mg": "plt_Latn",
    "mi": "mri_Latn", "mk": "mkd_Cyrl", "ml": "mal_Mlym", "mn": "khk_Cyrl", "mr": "mar_Deva",
    "ms": "zsm_Latn", "mt": "mlt_Latn", "my": "mya_Mymr", "nb": "nob_Latn", "ne": "npi_Deva",
    "nl": "nld_Latn", "nn": "nno_Latn", "no": "nob_Latn", "ny": "nya_Latn", "oc": "oci_Latn",
    "om": "gaz_Latn", "or": "ory_Orya", "pa": "pan_Guru", "pl": "pol_Latn", "ps": "pbt_Arab",
    "pt": "por_Latn", "qu": "quy_Latn", "rn": "run_Latn", "ro": "ron_Latn", "ru": "rus_Cyrl",
    "rw": "kin_Latn", "sa": "san_Deva", "sc": "srd_Latn", "sd": "snd_Arab", "sg": "sag_Latn",
    "si": "sin_Sinh", "sk": "slk_Latn", "sl": "slv_Latn", "sm": "smo_Latn", "sn": "sna_Latn",
    "so": "som_Latn", "sq": "als_Latn", "sr": "srp_Cyrl", "ss": "ssw_Latn", "st": "sot_Latn",
    "su": "sun_Latn", "sv": "swe_Latn", "sw": "swh_Latn", "ta": "tam_Taml", "te": "tel_Telu",
    "tg": "tgk_Cyrl", "th": "tha_Thai", "ti": "tir_Ethi", "tk": "tuk_Latn", "tl": "tgl_Latn",
    "tn": "tsn_Latn", "tr": "tur_Latn", "ts": "tso_Latn", "tt": "tat_Cyrl", "tw": "twi_Latn",
    "ug": "uig_Arab", "uk": "ukr_Cyrl", "ur": "urd_Arab", "uz": "uzn_Latn", "vi": "vie_Latn",
    "wo": "wol_Latn", "xh": "xho_Latn", "yi": "ydd_Hebr", "yo": "yor_Latn", "zh": "zho_Hans",
    "zu": "zul_Latn",
}
#: NLLB code (and its ISO 639-3 part) -> ISO 639-1, for the other families.
_TO_ISO1 = {}
for _iso1, _code in NLLB.items():
    _TO_ISO1.setdefault(_code, _iso1)
    _TO_ISO1.setdefault(_code.split("_")[0], _iso1)

FAMILIES = ("nllb", "m2m100", "mbart", "marian", "plain")

_NLLB_CODE = re.compile(r"^[a-z]{3}_[A-Z][a-z]{3}$")
_MBART_CODE = re.compile(r"^[a-z]{2}_[A-Z]{2}$")
_SPLIT = re.compile(r"[-_]")


class LanguageError(ValueError):
    """A language the model has no code for (the message lists some it has)."""


def iso1_of(code: str) -> str | None:
    """The ISO 639-1 code a user's code stands for, when one can tell.

    ``hi``, ``hi_IN``, ``hi-Deva``, ``hin``, ``hin_Deva`` -> ``hi``.
    """
    if code in _TO_ISO1:
        return _TO_ISO1[code]
    first = _SPLIT.split(code)[0].lower()
    if len(first) == 2:
        return first
    return _TO_ISO1.get(first)


def candidates(family: str, code: str, available: Iterable[str]) -> list[str]:
    """The codes of ``family`` that ``code`` may mean, most specific first."""
    available = sorted(set(available))
    iso1 = iso1_of(code)
    out = [code]
    if family == "nllb":
        if iso1 and iso1 in NLLB:
            out.append(NLLB[iso1])
        alpha3 = _SPLIT.split(code)[0].lower()
        if len(alpha3) == 3:
            out += [c for c in available if c.split("_")[0] == alpha3]
    elif family == "m2m100":
        if iso1:
            out.append(iso1)
    elif family == "mbart":
        if iso1:
            out += [c for c in available if c.split("_")[0] == iso1]
    elif family == "marian":
        forms = [code]
        if iso1:
            forms.append(iso1)
            nllb = NLLB.get(iso1)
            if nllb:
                forms += [nllb.split("_")[0], nllb]
        out = [">>%s<<" % f for f in forms]
    seen: list[str] = []
    for c in out:
        if c not in seen:
            seen.append(c)
    return seen


def resolve(family: str, code: str, available: Iterable[str], role: str = "language") -> str:
    """The model's own code for ``code``: the first candidate the model has.

    Raises :class:`LanguageError` naming what was tried and some codes the
    model does have.
    """
    available = set(available)
    tried = candidates(family, code, available)
    for c in tried:
        if c in available:
            return c
    some = ", ".join(sorted(available)[:12]) + (", …" if len(available) > 12 else "")
    raise LanguageError("the %s model has no %s code for %r (tried %s); it has %d codes: %s"
                        % (family, role, code, ", ".join(tried), len(available), some))


@dataclass(frozen=True)
class Conventions:
    """How one model is told which languages to translate between.

    ``src``/``tgt``: the model's own codes (as given, for families without
    codes); ``src_lang``: the value for ``tokenizer.src_lang`` (None: not used);
    ``forced_bos_token_id``: the token generation must start with (None: none);
    ``prefix``: text put before every source (Marian multi-target models);
    ``code_ids``: ids of every language token, never part of a translation.
    """

    family: str
    src: str | None
    tgt: str | None
    src_lang: str | None = None
    forced_bos_token_id: int | None = None
    prefix: str = ""
    code_ids: frozenset = frozenset()


def detect_family(tokenizer, config=None) -> str:
    """The family of a loaded tokenizer (by its class; config as a fallback)."""
    name = type(tokenizer).__name__
    for prefix, family in (("Nllb", "nllb"), ("M2M100", "m2m100"), ("MBart", "mbart"),
                           ("Marian", "marian")):
        if name.startswith(prefix):
            return family
    if config is not None and getattr(config, "model_type", None) == "marian":
        return "marian"
    return "plain"


def language_codes(family: str, tokenizer) -> set:
    """Every language code the tokenizer knows, in the family's own form."""
    if family == "m2m100":
        return set(getattr(tokenizer, "lang_code_to_id", {}) or {})
    if family == "marian":
        return set(getattr(tokenizer, "supported_language_codes", []) or [])
    pattern = {"nllb": _NLLB_CODE, "mbart": _MBART_CODE}.get(family)
    if pattern is None:
        return set()
    vocab = set(tokenizer.get_vocab()) | set(getattr(tokenizer, "lang_code_to_id", {}) or {})
    return {t for t in vocab if pattern.match(t)}


def _token_id(family: str, tokenizer, code: str) -> int:
    if family == "m2m100":
        return int(tokenizer.get_lang_id(code))
    return int(tokenizer.convert_tokens_to_ids(code))


def conventions(family: str, tokenizer, src: str, tgt: str) -> Conventions:
    """Resolve ``src``/``tgt`` for a loaded tokenizer (LanguageError if it cannot)."""
    codes = language_codes(family, tokenizer)
    ids = frozenset(_token_id(family, tokenizer, c) for c in codes)
    if family in ("nllb", "mbart", "m2m100"):
        s = resolve(family, src, codes, "source")
        t = resolve(family, tgt, codes, "target")
        return Conventions(family, s, t, src_lang=s,
                           forced_bos_token_id=_token_id(family, tokenizer, t), code_ids=ids)
    if family == "marian" and codes:
        t = resolve(family, tgt, codes, "target")
        return Conventions(family, src, t, prefix=t + " ", code_ids=ids)
    return Conventions(family, src, tgt)

"""``review.html``: one static page a verifier opens in any browser, offline.

Everything is in the one file: the review bundle as JSON in a ``<script
type="application/json">`` element, the style sheet and the script.  No server, no
network, no library: the page builds itself from the embedded data, keeps the decisions
in the browser's local storage (keyed by the target's hash, so a reload loses nothing)
and saves them as a JSON file through a download.

Right-to-left scripts: every piece of target text (template, lexicon values, instances,
edit boxes) carries ``dir="auto"`` and is bidi-isolated, so an Arabic template shows
right to left inside the left-to-right page, slots (``{name}``) stay whole (they carry
``dir="ltr"``, so they do not decide the direction of a template that starts with one),
and a Latin value inside Arabic text does not reorder its neighbours.

Size: at 1,000 templates the page renders every card once (off-screen cards are skipped
by ``content-visibility``), builds edit forms only when asked, and filters by hiding.
"""

from __future__ import annotations

import html
import json
from typing import Mapping


def page_html(bundle: Mapping) -> str:
    """The complete page for a review bundle (deterministic: same bundle, same bytes)."""
    data = json.dumps(bundle, ensure_ascii=False, separators=(",", ":"))
    data = data.replace("</", "<\\/").replace("<!--", "<\\!--")
    return (_PAGE.replace("__TITLE__", html.escape("Review: %s" % bundle["target"]))
            .replace("__DATA__", data))


_PAGE = r"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<title>__TITLE__</title>
<style>
:root { --ok:#1a7f37; --edit:#9a6700; --del:#cf222e; --muted:#57606a; --line:#d0d7de; }
* { box-sizing: border-box; }
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", "Noto Sans", sans-serif;
       margin: 0; color: #1f2328; background: #f6f8fa; }
header.top { position: sticky; top: 0; z-index: 2; background: #fff;
             border-bottom: 1px solid var(--line); padding: .6em 1em; }
header.top h1 { font-size: 1.1em; margin: 0 0 .3em; }
.bar { display: flex; flex-wrap: wrap; gap: .5em; align-items: center; }
.bar input[type=search] { min-width: 16em; padding: .3em .5em; }
#counts { color: var(--muted); }
main { padding: 1em; max-width: 72em; margin: 0 auto; }
section.group { background: #fff; border: 1px solid var(--line); border-radius: 6px;
                margin: 0 0 1.2em; padding: .8em 1em; }
section.group > h2 { font-size: 1em; margin: 0 0 .3em; }
.source code, .ttext { font-family: ui-monospace, "Noto Sans Mono", monospace; }
.source { margin: .2em 0; }
.srcex { color: var(--muted); margin: .2em 0 .6em 1.2em; padding: 0; }
article.tpl { border: 1px solid var(--line); border-left: 5px solid var(--line);
              border-radius: 4px; padding: .5em .8em; margin: .6em 0;
              content-visibility: auto; contain-intrinsic-size: auto 14em; }
article.tpl.accept { border-left-color: var(--ok); }
article.tpl.edit { border-left-color: var(--edit); }
article.tpl.delete { border-left-color: var(--del); opacity: .6; }
.ttext { font-size: 1.08em; unicode-bidi: isolate; }
.slot { color: #0550ae; unicode-bidi: isolate; direction: ltr; }
.meta { color: var(--muted); font-size: .9em; margin-left: .6em; }
.status { font-weight: 600; margin-left: .6em; text-transform: uppercase; font-size: .8em; }
.status.accept { color: var(--ok); } .status.edit { color: var(--edit); }
.status.delete { color: var(--del); } .status.pending { color: var(--muted); }
ul.flags { margin: .3em 0; padding: 0; list-style: none; }
ul.flags li { display: inline-block; background: #fff8c5; border: 1px solid #d4a72c;
              border-radius: 1em; padding: 0 .6em; margin: 0 .3em .2em 0; font-size: .85em; }
table.lex { border-collapse: collapse; margin: .3em 0; }
table.lex th { text-align: start; vertical-align: top; padding: .1em .8em .1em 0;
               font-weight: 500; color: var(--muted); white-space: nowrap; }
.val { display: inline-block; unicode-bidi: isolate; background: #eaeef2; border-radius: 3px;
       padding: 0 .35em; margin: 0 .25em .2em 0; }
ul.ex { margin: .3em 0; padding-inline-start: 1.2em; }
ul.ex .src { color: var(--muted); unicode-bidi: isolate; }
ul.ex .tgt { unicode-bidi: isolate; }
.actions button { margin-inline-end: .4em; }
button { font: inherit; padding: .2em .7em; border: 1px solid var(--line); border-radius: 4px;
         background: #f6f8fa; cursor: pointer; }
button.accept { border-color: var(--ok); } button.delete { border-color: var(--del); }
button.primary { background: #1f883d; color: #fff; border-color: #1f883d; }
form.editor { margin: .5em 0; padding: .5em; background: #f6f8fa; border-radius: 4px; }
form.editor label { display: block; margin: .3em 0 .1em; color: var(--muted); font-size: .9em; }
form.editor input, form.editor textarea { width: 100%; font: inherit;
       font-family: ui-monospace, "Noto Sans Mono", monospace; unicode-bidi: plaintext; }
form.editor textarea { min-height: 4.5em; }
.hint { color: var(--muted); font-size: .85em; }
details.uncovered { margin: .3em 0; }
.hidden { display: none !important; }
</style>
</head>
<body>
<header class="top">
  <h1>__TITLE__</h1>
  <div class="bar">
    <input type="search" id="filter" placeholder="Filter templates, values, instances" aria-label="filter">
    <select id="show" aria-label="show">
      <option value="all">all templates</option>
      <option value="pending">pending</option>
      <option value="flagged">flagged</option>
      <option value="decided">decided</option>
    </select>
    <button id="accept-shown" type="button">Accept all pending shown</button>
    <button id="save" class="primary" type="button">Save decisions (JSON)</button>
    <span id="counts"></span>
  </div>
</header>
<main id="groups"></main>
<script type="application/json" id="review-data">__DATA__</script>
<script>
"use strict";
const DATA = JSON.parse(document.getElementById("review-data").textContent);
const STORE = "tea-review:" + DATA.target_sha256;
const SEP = " | ";
const byId = new Map();
let state = {};
try { state = JSON.parse(localStorage.getItem(STORE) || "{}") || {}; } catch (e) { state = {}; }

function el(tag, attrs, ...kids) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") node.textContent = v; else node.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids) if (kid !== null && kid !== undefined) node.append(kid);
  return node;
}
function fields(t) { return Array.isArray(t) ? t : [t]; }
function shown(text) { return Array.isArray(text) ? text.join("  \u241e  ") : String(text); }
function valueText(v) { return Array.isArray(v) ? v.join(SEP) : v; }

// template text with its slots marked (literal braces are written {{ }})
function templateNode(text) {
  const wrap = el("code", {class: "ttext", dir: "auto"});
  fields(text).forEach((f, k) => {
    if (k) wrap.append(el("span", {class: "meta", text: " \u241e "}));
    const re = /\{\{|\}\}|\{[^{}]*\}/g;
    let last = 0, m;
    while ((m = re.exec(f)) !== null) {
      if (m.index > last) wrap.append(f.slice(last, m.index));
      if (m[0] === "{{" || m[0] === "}}") wrap.append(m[0][0]);
      // dir="ltr": a slot name is Latin; with its own dir, dir="auto" on the template skips it
      // and takes the direction from the words (an Arabic template starting with a slot)
      else wrap.append(el("span", {class: "slot", dir: "ltr", text: m[0]}));
      last = re.lastIndex;
    }
    if (last < f.length) wrap.append(f.slice(last));
  });
  return wrap;
}
// lexicon names a template's text uses, in order (the slot grammar of template.py)
function slotBases(text) {
  const out = [];
  for (const f of fields(text)) {
    const re = /\{\{|\}\}|\{(?:a:)?([A-Za-z_][A-Za-z0-9_]*?)(\d*)(?:\[(\d+)\])?\}/g;
    let m;
    while ((m = re.exec(f)) !== null) {
      if (m[1] !== undefined && !out.includes(m[1])) out.push(m[1]);
    }
  }
  return out;
}
function indexedBases(text) {
  const out = new Set();
  for (const f of fields(text)) {
    for (const m of f.matchAll(/\{(?:a:)?([A-Za-z_][A-Za-z0-9_]*?)\d*\[\d+\]\}/g)) out.add(m[1]);
  }
  return out;
}

function current(t) {
  const s = state[t.id];
  if (s && s.action === "edit") return {template: s.template, lexicons: s.lexicons};
  return {template: t.template, lexicons: t.lexicons};
}
function actionOf(t) { return (state[t.id] && state[t.id].action) || "pending"; }

function lexTable(lexicons) {
  const table = el("table", {class: "lex"});
  for (const [name, values] of Object.entries(lexicons)) {
    const td = el("td");
    values.forEach(v => td.append(el("bdi", {class: "val", dir: "auto", text: valueText(v)})));
    table.append(el("tr", {}, el("th", {text: name}), td));
  }
  return table;
}

function card(t, group) {
  const node = el("article", {class: "tpl", "data-id": t.id, id: "tpl-" + byId.size});
  byId.set(t.id, {t, node, group});
  fillCard(t, node);
  return node;
}
function fillCard(t, node) {
  const act = actionOf(t);
  const cur = current(t);
  node.className = "tpl " + act;
  node.replaceChildren();
  node.append(el("div", {class: "head"}, templateNode(cur.template),
    el("span", {class: "meta", text: "support " + (t.support === null ? "?" : t.support)}),
    el("span", {class: "meta", text: t.id}),
    el("span", {class: "status " + act, text: act})));
  if (t.flags.length) {
    const ul = el("ul", {class: "flags"});
    t.flags.forEach(f => ul.append(el("li", {text: f})));
    node.append(ul);
  }
  node.append(lexTable(cur.lexicons));
  if (t.examples.length) {
    const ul = el("ul", {class: "ex"});
    for (const e of t.examples) {
      const li = el("li");
      if (e.source !== null) li.append(el("span", {class: "src", dir: "auto", text: shown(e.source)}), " \u2192 ");
      li.append(el("span", {class: "tgt", dir: "auto", text: shown(e.target)}));
      ul.append(li);
    }
    node.append(ul);
  }
  node.append(el("div", {class: "actions"},
    el("button", {type: "button", class: "accept", text: "Accept"}),
    el("button", {type: "button", class: "edit", text: "Edit"}),
    el("button", {type: "button", class: "delete", text: "Delete"}),
    act === "pending" ? null : el("button", {type: "button", class: "reset", text: "Undo"})));
}

function editor(t, node) {
  if (node.querySelector("form.editor")) return;
  const cur = current(t);
  const form = el("form", {class: "editor"});
  const tfields = fields(cur.template);
  const inputs = tfields.map((f, k) => el("input", {class: "edit-template", dir: "auto",
    "data-field": k, value: f, "aria-label": "template field " + (k + 1)}));
  form.append(el("label", {text: "Template (slots: {name}, {name1}, {name[0]}, {a:name}; literal braces {{ }})"}));
  inputs.forEach(i => form.append(i));
  const lexBox = el("div", {class: "lexicons"});
  form.append(lexBox);
  const texts = {};
  for (const [name, values] of Object.entries(cur.lexicons)) texts[name] = values.map(valueText).join("\n");
  function refresh() {
    lexBox.querySelectorAll("textarea").forEach(a => { texts[a.dataset.name] = a.value; });
    lexBox.replaceChildren();
    const text = readTemplate();
    for (const name of slotBases(text)) {
      lexBox.append(el("label", {text: "{" + name + "}: one value per line" +
        (indexedBases(text).has(name) ? " (tuple elements separated by \u201c | \u201d)" : "")}));
      const area = el("textarea", {class: "edit-lexicon", dir: "auto", "data-name": name});
      area.value = texts[name] || "";
      lexBox.append(area);
    }
  }
  function readTemplate() {
    const vals = inputs.map(i => i.value);
    return Array.isArray(cur.template) ? vals : vals[0];
  }
  inputs.forEach(i => i.addEventListener("change", refresh));
  refresh();
  form.append(el("div", {class: "actions"},
    el("button", {type: "submit", class: "save-edit primary", text: "Save edit"}),
    el("button", {type: "button", class: "cancel", text: "Cancel"})),
    el("p", {class: "hint", text: "review import checks the edit with the slot grammar and lists the covered instances it no longer generates."}));
  form.addEventListener("submit", ev => {
    ev.preventDefault();
    refresh();
    const text = readTemplate();
    const tuples = indexedBases(text);
    const lexicons = {};
    for (const name of slotBases(text)) {
      const lines = (texts[name] || "").split("\n").filter(l => l.length);
      lexicons[name] = tuples.has(name) ? lines.map(l => l.split(SEP)) : lines;
    }
    const same = JSON.stringify(text) === JSON.stringify(t.template) &&
                 JSON.stringify(lexicons) === JSON.stringify(t.lexicons);
    decide(t.id, same ? {action: "accept"} : {action: "edit", template: text, lexicons});
  });
  form.querySelector(".cancel").addEventListener("click", () => form.remove());
  node.append(form);
  inputs[0].focus();
}

function decide(id, decision) {
  if (decision === null) delete state[id]; else state[id] = decision;
  try { localStorage.setItem(STORE, JSON.stringify(state)); } catch (e) { /* private mode */ }
  const {t, node} = byId.get(id);
  fillCard(t, node);
  counts();
}

function counts() {
  const n = {accept: 0, edit: 0, delete: 0, pending: 0};
  for (const {t} of byId.values()) n[actionOf(t)] += 1;
  document.getElementById("counts").textContent =
    byId.size + " templates \u00b7 " + n.accept + " accepted \u00b7 " + n.edit + " edited \u00b7 " +
    n.delete + " deleted \u00b7 " + n.pending + " pending";
}

function visible(t) {
  const show = document.getElementById("show").value;
  const act = actionOf(t);
  if (show === "pending" && act !== "pending") return false;
  if (show === "decided" && act === "pending") return false;
  if (show === "flagged" && !t.flags.length) return false;
  const q = document.getElementById("filter").value.trim().toLowerCase();
  if (!q) return true;
  const hay = JSON.stringify([t.id, current(t), t.examples, t.flags]).toLowerCase();
  return hay.includes(q);
}
function applyFilter() {
  for (const {t, node} of byId.values()) node.classList.toggle("hidden", !visible(t));
  document.querySelectorAll("section.group").forEach(sec => {
    const any = sec.querySelector("article.tpl:not(.hidden)") || !sec.querySelector("article.tpl");
    sec.classList.toggle("hidden", !any);
  });
}

function save() {
  const decisions = [];
  for (const {t} of byId.values()) {
    const s = state[t.id];
    if (!s) continue;
    const d = {id: t.id, action: s.action};
    if (s.action === "edit") { d.template = s.template; d.lexicons = s.lexicons; d.covered = t.covered; }
    decisions.push(d);
  }
  const out = {format: "tea-review-decisions/1", target: DATA.target,
               target_sha256: DATA.target_sha256, decisions};
  const blob = new Blob([JSON.stringify(out, null, 1) + "\n"], {type: "application/json"});
  const a = el("a", {href: URL.createObjectURL(blob),
                     download: DATA.target.replace(/\.json$/i, "") + ".decisions.json"});
  document.body.append(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

function build() {
  const root = document.getElementById("groups");
  if (DATA.rtl) root.setAttribute("data-rtl", "");
  const frag = document.createDocumentFragment();
  for (const g of DATA.groups) {
    const sec = el("section", {class: "group", "data-group": g.id});
    sec.append(el("h2", {text: g.id + "  (" + g.templates.length + " template" +
      (g.templates.length === 1 ? "" : "s") + (g.instances === null ? "" : ", " + g.instances + " instances") + ")"}));
    if (g.source !== null) sec.append(el("p", {class: "source"}, "Source template: ",
      el("code", {dir: "auto", text: shown(g.source)})));
    if (g.source_examples.length) {
      const ul = el("ul", {class: "srcex"});
      g.source_examples.forEach(s => ul.append(el("li", {dir: "auto", text: shown(s)})));
      sec.append(ul);
    }
    if (g.uncovered.length) {
      const ul = el("ul", {class: "ex"});
      for (const u of g.uncovered) {
        const li = el("li", {}, el("span", {class: "meta", text: u.id + " "}));
        if (u.source !== null) li.append(el("span", {class: "src", dir: "auto", text: shown(u.source)}), " \u2192 ");
        if (u.target !== null) li.append(el("span", {class: "tgt", dir: "auto", text: shown(u.target)}));
        ul.append(li);
      }
      sec.append(el("details", {class: "uncovered"},
        el("summary", {text: g.uncovered.length + " instance" + (g.uncovered.length === 1 ? "" : "s") +
          " no template generates"}), ul));
    }
    g.templates.forEach(t => sec.append(card(t, g)));
    frag.append(sec);
  }
  root.append(frag);
  root.addEventListener("click", ev => {
    const b = ev.target.closest("button");
    const node = ev.target.closest("article.tpl");
    if (!b || !node || b.closest("form.editor")) return;
    const id = node.dataset.id;
    if (b.classList.contains("accept")) decide(id, {action: "accept"});
    else if (b.classList.contains("delete")) decide(id, {action: "delete"});
    else if (b.classList.contains("reset")) decide(id, null);
    else if (b.classList.contains("edit")) editor(byId.get(id).t, node);
  });
  let timer = null;
  document.getElementById("filter").addEventListener("input", () => {
    clearTimeout(timer); timer = setTimeout(applyFilter, 120);
  });
  document.getElementById("show").addEventListener("change", applyFilter);
  document.getElementById("accept-shown").addEventListener("click", () => {
    for (const {t, node} of byId.values()) {
      if (!node.classList.contains("hidden") && actionOf(t) === "pending") state[t.id] = {action: "accept"};
    }
    try { localStorage.setItem(STORE, JSON.stringify(state)); } catch (e) { /* ignore */ }
    for (const {t, node} of byId.values()) fillCard(t, node);
    counts(); applyFilter();
  });
  document.getElementById("save").addEventListener("click", save);
  counts();
  document.body.setAttribute("data-ready", "");
}
build();
</script>
</body>
</html>
"""

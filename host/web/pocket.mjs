// The page's side of Criss Cross Pocket in the browser: MicroPython WebAssembly
// runs the game (webhost.py in game.romfs, beside the engine); this module gives
// it a clock, button edges from the keys, the mouse and fingers, and frames to
// draw on the canvas, in the OLED's colour.
//
// Keys as in the desktop simulator: arrows move, Z or Enter is A, X or Backspace
// is B; holding a key or a drawn button is a long press. The page sleeps while
// the game waits for a button, and steps it once per animation frame while it
// has work (a held button, a hint's search in slices: webhost.SLICE_MS each).
//
// window.pocket tells tests and benchmarks what they measure: ready, error,
// savesKept, idle(), shareLink(), and stats: firstFrameMs (since the page began to load),
// keyToFrameMs (each direction's press to its frame), presses and draws (the
// times of the last ones; a draw's busy: the game still had work due), and
// longestStepMs (the longest the page waited for one step of the game).
import { loadMicroPython } from "./micropython.mjs";

const W = 128;
const H = 64;
const ON = [140, 210, 255]; // a lit pixel (host/screen/render.py's ON_RGB)
const OFF = [0, 0, 0];
const A = 4;
const COUNT = 6;
const KEYS = {
  ArrowUp: 0, ArrowDown: 1, ArrowLeft: 2, ArrowRight: 3,
  z: A, Z: A, Enter: A, x: 5, X: 5, Backspace: 5,
};
// Z and X by where they sit, on any keyboard layout (a Cyrillic one's is "я").
const KEY_CODES = { KeyZ: A, KeyX: 5 };
const TICKS_MASK = 0x3fffffff; // MicroPython's ticks_ms() wraps here too
const MAX_SCALE = 6; // OLED pixels are at most 6 CSS pixels wide, as the simulator's
const KEPT = 400; // presses and draws remembered
const STORAGE_PROBE = "crisscross-pocket/.probe";
const STORAGE_LOCK = "crisscross-pocket"; // held by the tab that keeps the saves
const LOCK_WAIT_MS = 1000; // how long a tab waits for the lock of a page just left

const $ = (id) => document.getElementById(id);
const canvas = $("screen");
const ctx = canvas.getContext("2d");
const image = ctx.createImageData(W, H);
const held = Array.from({ length: COUNT }, () => new Set()); // who holds each button
const keyOf = new Map(); // a physical key down -> the button it pressed
const stats = { firstFrameMs: null, keyToFrameMs: [], presses: [], draws: [], longestStepMs: 0 };
let host = null; // webhost's functions
let frameRef = null; // webhost.frame, the canvas's bytes
let mp = null;
let raf = 0;
let timer = 0;
let unstepped = false; // an edge came since the last step
let moveAt = null; // a direction's press waiting for its frame: its event time
let shared = null;

const pocket = {
  ready: false,
  error: null,
  savesKept: null, // whether this tab keeps saves (false: memory only), once loaded
  stats,
  // Nothing left to do until a button: the canvas shows what the game drew.
  idle: () => host !== null && !unstepped && !anyHeld() && !host.busy(clock()),
  shareLink: () => (shared ? linkFor(shared) : null),
};
window.pocket = pocket;

function anyHeld() {
  return held.some((s) => s.size > 0);
}

function clock(t = performance.now()) {
  return Math.floor(t) & TICKS_MASK;
}

// ---- the screen ------------------------------------------------------------

function draw(bytes) {
  const d = image.data;
  for (let i = 0; i < bytes.length; i++) {
    const x = i % W;
    const top = ((i / W) | 0) * 8;
    const v = bytes[i];
    for (let bit = 0; bit < 8; bit++) {
      const o = ((top + bit) * W + x) * 4;
      const rgb = (v >> bit) & 1 ? ON : OFF;
      d[o] = rgb[0];
      d[o + 1] = rgb[1];
      d[o + 2] = rgb[2];
      d[o + 3] = 255;
    }
  }
  ctx.putImageData(image, 0, 0);
}

// Whole device pixels per OLED pixel, so every pixel is a crisp square: the
// most that lets the drawn handheld (pocket.css, sized from the same unit, --u)
// fit the window's width, and its height too where the window is tall enough.
const MARGIN = 16; // main's padding, both sides

function bodyWidth(u) {
  // The screen, the bezel and the sides (pocket.css), and the 2 px borders.
  return 128 * u + 2 * Math.max(2 * u, 6) + 2 * Math.max(5 * u, 14) + 4;
}

// The largest scale, in whole device pixels per OLED pixel, at which the
// handheld fits the window: its width as computed, its height as laid out (the
// buttons keep a finger's size whatever the scale, so a landscape phone needs a
// smaller screen than the width allows).
function fit() {
  const dpr = window.devicePixelRatio || 1;
  const width = document.documentElement.clientWidth - MARGIN;
  const height = window.innerHeight - MARGIN;
  const device = document.querySelector(".device");
  const use = (k) => document.documentElement.style.setProperty("--u", `${k / dpr}px`);
  let k = Math.floor(MAX_SCALE * dpr);
  while (k > 1) {
    if (bodyWidth(k / dpr) <= width) {
      use(k);
      if (device.getBoundingClientRect().height <= height) break;
    }
    k--;
  }
  use(k);
}

// ---- stepping ---------------------------------------------------------------

function wake() {
  if (timer) {
    clearTimeout(timer);
    timer = 0;
  }
  if (!raf) raf = requestAnimationFrame(frame);
}

// A call into the game; what it raises stops the page with the failure screen
// (an exception left to the browser would freeze the game without a word).
function guarded(call) {
  try {
    call();
    return true;
  } catch (e) {
    fail(e);
    return false;
  }
}

function frame() {
  raf = 0;
  if (host === null) return;
  let r;
  const begun = performance.now();
  if (!guarded(() => (r = host.step(clock(begun))))) return;
  stats.longestStepMs = Math.max(stats.longestStepMs, performance.now() - begun);
  unstepped = false;
  const drew = r & 1;
  if (drew) {
    draw(mp.PyProxy.toJs(frameRef));
    const t = performance.now();
    if (stats.firstFrameMs === null) {
      stats.firstFrameMs = t;
      $("status").hidden = true;
      pocket.ready = true;
    }
    if (moveAt !== null) stats.keyToFrameMs.push(t - moveAt);
    let busy, code;
    if (!guarded(() => ((busy = host.busy(clock(t))), (code = host.share_code())))) {
      return;
    }
    remember(stats.draws, { t, busy });
    showShare(code);
  }
  moveAt = null;
  const wait = r >> 1;
  if (wait === 0) wake();
  else timer = setTimeout(wake, wait);
}

// ---- buttons ----------------------------------------------------------------

function remember(list, item) {
  list.push(item);
  if (list.length > KEPT) list.shift();
}

function press(button, who, t) {
  if (host === null) return;
  const set = held[button];
  if (set.size === 0) {
    if (!guarded(() => host.down(button, clock(t)))) return;
    remember(stats.presses, { button, t });
    light(button, true);
    unstepped = true;
    if (button < A && moveAt === null) moveAt = t;
  }
  set.add(who);
  wake();
}

function release(button, who, t) {
  if (host === null) return;
  const set = held[button];
  if (set.delete(who) && set.size === 0) {
    if (!guarded(() => host.up(button, clock(t)))) return;
    light(button, false);
    unstepped = true;
  }
  wake();
}

function releaseAll() {
  const t = performance.now();
  keyOf.clear();
  held.forEach((set, button) => {
    for (const who of [...set]) release(button, who, t);
  });
}

function light(button, on) {
  for (const el of document.querySelectorAll(`[data-button="${button}"]`)) {
    el.classList.toggle("lit", on);
  }
}

// Keys typed into a field are the field's; the share link's field is read-only,
// so the game keeps its keys after a click to copy the link.
function typing(e) {
  const el = e.target;
  const tag = el && el.tagName;
  return (tag === "INPUT" && !el.readOnly) || tag === "TEXTAREA";
}

// Enter on a focused button of the page (Copy link, Reload) is that button's. A
// click leaves no focus behind (copyLink), so Enter is A again after one.
function pageButton(e) {
  const el = e.target;
  return e.key === "Enter" && el && el.tagName === "BUTTON" && !("button" in el.dataset);
}

addEventListener("keydown", (e) => {
  const button = KEYS[e.key] ?? KEY_CODES[e.code];
  if (button === undefined || typing(e) || pageButton(e)) return;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  e.preventDefault(); // no scrolling, no going back a page
  if (e.repeat || keyOf.has(e.code)) return;
  keyOf.set(e.code, button);
  press(button, `key:${e.code}`, e.timeStamp);
});

addEventListener("keyup", (e) => {
  const button = keyOf.get(e.code);
  if (button === undefined) return;
  e.preventDefault();
  keyOf.delete(e.code);
  release(button, `key:${e.code}`, e.timeStamp);
});

// The key-ups of a window out of focus go elsewhere: nothing may stay held.
addEventListener("blur", releaseAll);
document.addEventListener("visibilitychange", () => {
  if (document.hidden) releaseAll();
});

for (const el of document.querySelectorAll("[data-button]")) {
  const button = Number(el.dataset.button);
  el.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;
    e.preventDefault();
    el.setPointerCapture(e.pointerId);
    press(button, `pointer:${e.pointerId}`, e.timeStamp);
  });
  const up = (e) => release(button, `pointer:${e.pointerId}`, e.timeStamp);
  el.addEventListener("pointerup", up);
  el.addEventListener("pointercancel", up);
  el.addEventListener("lostpointercapture", up);
  el.addEventListener("contextmenu", (e) => e.preventDefault()); // a long touch
  // A click no pointer made (Space on the focused button, a screen reader's
  // "activate"): a tap.
  el.addEventListener("click", (e) => {
    if (e.detail !== 0) return; // a pointer's: its down and up did it
    press(button, "click", e.timeStamp);
    release(button, "click", e.timeStamp);
  });
}

// ---- links ------------------------------------------------------------------

function linkFor(code) {
  return `${location.origin}${location.pathname}#code=${code}`;
}

function showShare(code) {
  if (code === shared) return;
  shared = code;
  $("share").hidden = code === null;
  if (code !== null) $("share-link").value = linkFor(code);
  $("copied").textContent = "";
}

async function copyLink(e) {
  if (e.detail > 0) e.currentTarget.blur(); // a pointer's click: Enter stays A
  const field = $("share-link");
  let ok = false;
  try {
    await navigator.clipboard.writeText(field.value);
    ok = true;
  } catch (e) {
    field.select(); // no clipboard here: select it for the person to copy
    ok = document.execCommand && document.execCommand("copy");
  }
  $("copied").textContent = ok ? "Copied" : "Select the link and copy it";
}

// #code=AVF-F6V5 or #daily: the game opens on those dice. The hash then goes,
// so a reload shows the title (with Continue once the game has begun).
function takeLink() {
  const raw = location.hash.slice(1);
  let link = raw;
  try {
    link = decodeURIComponent(raw);
  } catch (e) {
    // A stray % (a link cut short): the game reads it as typed and says why.
  }
  if (raw) history.replaceState(null, "", location.pathname + location.search);
  return link;
}

addEventListener("hashchange", () => {
  const link = takeLink();
  if (host !== null && link && guarded(() => host.open_link(link))) wake();
});

// ---- start ------------------------------------------------------------------

// Whether the browser keeps saves here: a storage it refuses (a privacy setting)
// is no, a full one yes (its saves still read, and a refused save is told).
function savesKept() {
  try {
    localStorage.setItem(STORAGE_PROBE, "1");
    localStorage.removeItem(STORAGE_PROBE);
    return true;
  } catch (e) {
    return isFull(e);
  }
}

// One tab keeps the saves: each reads them when it opens and writes them whole,
// so two would write over each other's (a high score lost). The first holds a
// lock for as long as it is open; another plays without saves, and says so.
// A page of the game the tab has just left still holds the lock for a moment
// after the next one loads, so a tab waits up to LOCK_WAIT_MS for it before
// it counts as a second. Where the browser has no locks (a page not served
// from localhost or https) or refuses them (the site's storage blocked), every
// tab counts as the first.
function firstTab() {
  if (!navigator.locks) return Promise.resolve(true);
  const waiting = new AbortController();
  const timer = setTimeout(() => waiting.abort(), LOCK_WAIT_MS);
  return new Promise((resolve) => {
    navigator.locks
      .request(STORAGE_LOCK, { signal: waiting.signal }, () => {
        clearTimeout(timer);
        resolve(true);
        return new Promise(() => {}); // held while the tab is open
      })
      .catch((e) => resolve(!(e && e.name === "AbortError")));
  });
}

function isFull(e) {
  return !!e && (e.name === "QuotaExceededError" || e.code === 22 || e.code === 1014);
}

// localStorage as the game's storage (webhost.BrowserStorage). No call throws, for
// an exception thrown into MicroPython's call would unwind through it uncaught: a
// refused write (a full storage) comes back as its name; a storage the browser
// stops giving (a privacy setting changed while the game runs) reads as empty, as
// a file that cannot be opened. rename moves a value here, however large, never
// through MicroPython's heap.
function refusal(e) {
  return String((e && e.name) || e);
}

function quietly(call, otherwise = null) {
  try {
    return call();
  } catch (e) {
    return otherwise;
  }
}

const savesArea = {
  getItem: (key) => quietly(() => localStorage.getItem(key)),
  setItem(key, value) {
    try {
      localStorage.setItem(key, value);
      return null;
    } catch (e) {
      return refusal(e);
    }
  },
  rename(from, to) {
    const value = quietly(() => localStorage.getItem(from));
    if (value === null) return "missing";
    const refused = savesArea.setItem(to, value);
    if (refused) return refused;
    savesArea.removeItem(from);
    return null;
  },
  removeItem: (key) => quietly(() => localStorage.removeItem(key)),
  key: (i) => quietly(() => localStorage.key(i)),
  get length() {
    return quietly(() => localStorage.length, 0);
  },
};

// ?seed=N: the dice of the first new game, as the simulator's --seed (tests,
// demonstrations); share codes carry seeds 0..2**24-1.
function seedAsked() {
  const text = new URLSearchParams(location.search).get("seed");
  if (text === null) return null;
  const seed = Number(text);
  if (Number.isInteger(seed) && seed >= 0 && seed < 2 ** 24) return seed;
  console.warn(`?seed=${text} ignored: a seed is a whole number 0..16777215`);
  return null;
}

// The screen says what happened in words, with a way on; the details go below.
function fail(e) {
  host = null;
  const text = String((e && e.message) || e);
  pocket.error = text;
  window.cannotLoad(); // index.html's words and its Reload button
  if (pocket.ready) $("status").firstChild.textContent = "The game stopped.";
  const box = $("error");
  box.textContent = text;
  box.hidden = false;
  console.error(text);
}

async function boot() {
  fit();
  addEventListener("resize", fit);
  $("copy").addEventListener("click", copyLink);
  const image = fetch("game.romfs").then((r) => {
    if (!r.ok) throw new Error(`game.romfs: ${r.status} ${r.statusText}`);
    return r.arrayBuffer();
  });
  mp = await loadMicroPython({
    romfs: new Uint8Array(await image),
    heapsize: 1024 * 1024, // the heap grows from here as the game needs
    pystack: 16 * 1024,
    stdout: (line) => console.log(line),
    stderr: (line) => console.error(line),
  });
  const webhost = mp.pyimport("webhost");
  const first = await firstTab();
  const saves = first && savesKept() ? savesArea : null;
  pocket.savesKept = saves !== null;
  const why = first ? null : "The game is open in another tab: no saves here";
  const problem = webhost.start(clock(), takeLink(), saves, seedAsked(), why);
  if (problem) console.warn(`link: ${problem}`);
  frameRef = webhost.frame;
  host = {
    step: webhost.step,
    down: webhost.down,
    up: webhost.up,
    busy: webhost.busy,
    share_code: webhost.share_code,
    open_link: webhost.open_link,
  };
  wake();
}

boot().catch(fail);

// Run Python code inside real MicroPython 1.29 (WebAssembly) under Node.js.
//
//   node host/mpy/run.mjs [--variant settrace] [--mount HOSTDIR:MPDIR]... \
//        [--path MPDIR]... (--exec CODE | FILE.py) [-- ARGS...]
//
// Directories are copied into the interpreter's in-memory filesystem. An uncaught
// Python exception prints its traceback and exits with status 1.
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import { createRequire } from "node:module";
import fs from "node:fs";
import path from "node:path";

const require = createRequire(import.meta.url);

export function copyTree(mp, hostDir, mpDir) {
  mkdirs(mp, mpDir);
  for (const name of fs.readdirSync(hostDir)) {
    if (name === "__pycache__" || name.startsWith(".")) continue;
    const src = path.join(hostDir, name);
    const dst = mpDir + "/" + name;
    if (fs.statSync(src).isDirectory()) copyTree(mp, src, dst);
    else if (/\.(py|mpy|json|txt|bin)$/.test(name)) mp.FS.writeFile(dst, fs.readFileSync(src));
  }
}

export function mkdirs(mp, dir) {
  let cur = "";
  for (const part of dir.split("/").filter(Boolean)) {
    cur += "/" + part;
    try { mp.FS.mkdir(cur); } catch (e) { /* exists */ }
  }
}

export async function load(variant, out = process.stdout, err = process.stderr) {
  const opts = {
    stdout: (s) => out.write(s + "\n"),
    stderr: (s) => err.write(s + "\n"),
    linebuffer: true,
    heapsize: 4 * 1024 * 1024,
    pystack: 8192,
  };
  if (variant && variant !== "default") {
    const pkg = path.dirname(require.resolve("@micropython/micropython-webassembly-pyscript/package.json"));
    opts.url = path.join(pkg, `micropython-${variant}.wasm`);
  }
  return await loadMicroPython(opts);
}

async function main(argv) {
  let variant = "default";
  const mounts = [];
  const paths = [];
  let code = null;
  let file = null;
  let args = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--variant") variant = argv[++i];
    else if (a === "--mount") mounts.push(argv[++i]);
    else if (a === "--path") paths.push(argv[++i]);
    else if (a === "--exec") code = argv[++i];
    else if (a === "--") { args = argv.slice(i + 1); break; }
    else if (file === null) file = a;
    else { console.error(`run.mjs: unexpected argument ${a}`); return 2; }
  }
  if (code === null && file === null) {
    console.error("usage: run.mjs [--variant settrace] [--mount HOST:MP]... [--path MP]... (--exec CODE | FILE.py) [-- ARGS]");
    return 2;
  }
  const mp = await load(variant);
  for (const m of mounts) {
    const k = m.lastIndexOf(":");
    copyTree(mp, m.slice(0, k), m.slice(k + 1));
  }
  if (file !== null) code = fs.readFileSync(file, "utf8");
  const prelude =
    "import sys\n" +
    paths.map((p) => `sys.path.insert(0, ${JSON.stringify(p)})\n`).join("") +
    `sys.argv[:] = ${JSON.stringify([file || "-c", ...args])}\n`;
  try {
    mp.runPython(prelude);
    mp.runPython(code);
  } catch (e) {
    // A SystemExit with a code, or an uncaught exception with its traceback.
    const msg = String(e && e.message ? e.message : e);
    const m = /SystemExit: (\d+)/.exec(msg);
    if (m) return Number(m[1]);
    if (/SystemExit\s*$/.test(msg.trim())) return 0;
    process.stderr.write(msg.endsWith("\n") ? msg : msg + "\n");
    return 1;
  }
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await main(process.argv.slice(2));
}

//! `fresnel-corpus refc-db`: the glslang + spirv-opt peer as a `fresnel db` run. Every
//! shader under the paths (named as `fresnel db run` names them) goes through
//! `../shared/tools/refc` (glslangValidator, spirv-val, `spirv-opt -O`), and the counts of
//! the optimized module become the run's `spirv.*` statistics, so
//! `fresnel db report peer.json ours.json --stat spirv.function_body` compares the two
//! compilers shader by shader. Results are cached by shader text and mode.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::time::Duration;

use fresnel_testfmt::collect::{shaders, Api, FoundShader};
use rayon::prelude::*;
use serde_json::{json, Value};

/// The peer compiler a run records.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Peer {
    /// glslangValidator + spirv-opt -O through ../shared/tools/refc: `spirv.*` statistics.
    Refc,
    /// Mesa's GLSL compiler through ../shared/tools/mesa-check --nir: the final NIR handed
    /// to llvmpipe, as `ir.*` statistics (`ir.instructions` = ALU + intrinsics + texture +
    /// jumps + calls, the instructions our own `ir.instructions` counts; `ir.alu` = ALU).
    Mesa,
}

fn mesa_path() -> PathBuf {
    crate::peer::mesa_check_path()
}

fn refc_path() -> PathBuf {
    match std::env::var_os("FRESNEL_REFC") {
        Some(p) => PathBuf::from(p),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/tools/refc"),
    }
}

fn mode(s: &FoundShader) -> &'static str {
    match s.api {
        Api::Vulkan => "vulkan",
        _ => "auto",
    }
}

/// Runs the peer on one shader; its JSON object.
fn refc(s: &FoundShader, key: &str, peer: Peer) -> Value {
    let dir = crate::corpus::cache_dir().join("tmp");
    let _ = std::fs::create_dir_all(&dir);
    let file = dir.join(format!("{key}.{}", s.stage.extension()));
    if let Err(e) = std::fs::write(&file, &s.text) {
        return json!({ "error": format!("cannot write {}: {e}", file.display()) });
    }
    let cmd = match peer {
        Peer::Refc => {
            let mut c = Command::new(refc_path());
            c.arg(&file).args(["--mode", mode(s)]);
            c
        }
        Peer::Mesa => {
            let mut c = Command::new(mesa_path());
            c.arg(&file).arg("--nir");
            c
        }
    };
    let out = crate::peer::run_command(cmd, Duration::from_secs(120));
    let _ = std::fs::remove_file(&file);
    match out {
        Ok((_, text)) => text
            .lines()
            .find(|l| l.trim_start().starts_with('{'))
            .and_then(|l| serde_json::from_str(l).ok())
            .unwrap_or_else(|| json!({ "error": format!("refc printed no JSON: {text}") })),
        Err(e) => json!({ "error": e }),
    }
}

/// A `fresnel db` record from a mesa-check result.
fn mesa_record(s: &FoundShader, r: &Value) -> Value {
    let accepted = r.get("accepted").and_then(Value::as_bool).unwrap_or(false);
    let counts = r
        .get("nir")
        .and_then(Value::as_object)
        .and_then(|m| m.values().next())
        .and_then(|st| st.get("counts"));
    let mut stats = BTreeMap::new();
    let error = match (accepted, counts) {
        (true, Some(c)) => {
            let g = |k: &str| c.get(k).and_then(Value::as_u64).unwrap_or(0);
            stats.insert(
                "ir.instructions".to_string(),
                g("alu") + g("intrinsic") + g("tex") + g("jump") + g("call"),
            );
            stats.insert("ir.alu".to_string(), g("alu"));
            stats.insert("ir.texture".to_string(), g("tex"));
            stats.insert("ir.intrinsics".to_string(), g("intrinsic"));
            None
        }
        (true, None) => Some("no NIR".to_string()),
        (false, _) => Some("not accepted by Mesa".to_string()),
    };
    json!({
        "name": s.name,
        "stage": s.stage.extension(),
        "error": error,
        "time_us": 0,
        "stats": stats,
    })
}

/// A `fresnel db` record from a refc result.
fn record(s: &FoundShader, r: &Value) -> Value {
    let accepted = r.get("accepted").and_then(Value::as_bool).unwrap_or(false);
    let opt_valid = r
        .pointer("/opt/valid")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    let mut stats = BTreeMap::new();
    let error = if !accepted {
        Some(
            r.get("error")
                .and_then(Value::as_str)
                .unwrap_or("not accepted")
                .to_string(),
        )
    } else if !opt_valid {
        Some("spirv-opt output is not valid".to_string())
    } else {
        None
    };
    for (section, prefix) in [("opt", "spirv"), ("unopt", "spirv_unopt")] {
        for k in ["total", "function_body", "blocks", "bytes"] {
            if let Some(v) = r
                .pointer(&format!("/{section}/counts/{k}"))
                .and_then(Value::as_u64)
            {
                stats.insert(format!("{prefix}.{k}"), v);
            }
        }
    }
    let ms = ["glslang", "opt"]
        .iter()
        .filter_map(|k| r.pointer(&format!("/times_ms/{k}")).and_then(Value::as_f64))
        .sum::<f64>();
    let time_us = (ms * 1000.0) as u64;
    stats.insert("time_us".into(), time_us);
    json!({
        "name": s.name,
        "stage": s.stage.extension(),
        "error": error,
        "time_us": time_us,
        "stats": stats,
    })
}

/// Runs the peer over `paths` and writes the run to `out`.
pub fn run(
    paths: &[PathBuf],
    out: &Path,
    jobs: usize,
    limit: Option<usize>,
    peer: Peer,
) -> Result<(), String> {
    let tool = match peer {
        Peer::Refc => refc_path(),
        Peer::Mesa => mesa_path(),
    };
    if !tool.is_file() {
        return Err(format!("{} not found", tool.display()));
    }
    let mut found = shaders(paths);
    if let Some(l) = limit {
        found.truncate(l);
    }
    let cache_path = crate::corpus::cache_dir().join(match peer {
        Peer::Refc => "refc-db.json",
        Peer::Mesa => "mesa-db.json",
    });
    let cache: BTreeMap<String, Value> = crate::corpus::read_text(&cache_path)
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default();
    let cache = Mutex::new(cache);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|e| e.to_string())?;
    let records: Vec<Value> = pool.install(|| {
        found
            .par_iter()
            .map(|s| {
                let key = format!(
                    "{:016x}",
                    crate::run::fnv1a(&[
                        mode(s).as_bytes(),
                        s.stage.extension().as_bytes(),
                        s.text.as_bytes()
                    ])
                );
                let cached = cache.lock().ok().and_then(|c| c.get(&key).cloned());
                let r = match cached {
                    Some(r) => r,
                    None => {
                        let r = refc(s, &key, peer);
                        if let Ok(mut c) = cache.lock() {
                            c.insert(key, r.clone());
                        }
                        r
                    }
                };
                match peer {
                    Peer::Refc => record(s, &r),
                    Peer::Mesa => mesa_record(s, &r),
                }
            })
            .collect()
    });
    if let Ok(c) = cache.lock() {
        if let Some(d) = cache_path.parent() {
            let _ = std::fs::create_dir_all(d);
        }
        let _ = std::fs::write(&cache_path, serde_json::to_string(&*c).unwrap_or_default());
    }
    let accepted = records.iter().filter(|r| r["error"].is_null()).count();
    let tool_name = match peer {
        Peer::Refc => "glslangValidator + spirv-opt -O (refc)",
        Peer::Mesa => "Mesa final NIR for llvmpipe (mesa-check --nir)",
    };
    eprintln!(
        "{} shaders, {accepted} compiled by {tool_name}",
        records.len()
    );
    let run = json!({ "tool": tool_name, "opt": "O", "shaders": records });
    std::fs::write(
        out,
        serde_json::to_string_pretty(&run).map_err(|e| e.to_string())?,
    )
    .map_err(|e| format!("cannot write {}: {e}", out.display()))
}

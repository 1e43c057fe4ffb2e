//! Runs every dEQP `.test` file of the shared corpus (`../shared/corpus/vk-gl-cts`) through
//! `fresnel deqp`, one trial per file, and fails when a file's passed count drops below the
//! floor recorded in `tests/deqp_floors.txt` (a regression). Files without a floor must
//! not fail outright (the run must complete).
//!
//! Regenerate the floors after an improvement with
//! `FRESNEL_DEQP_UPDATE_FLOORS=1 cargo test -p fresnel-cli --test deqp` (release builds are
//! faster: add `--release`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

use libtest_mimic::{Arguments, Failed, Trial};

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/vk-gl-cts")
}

fn floors_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/deqp_floors.txt")
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            walk(&p, out);
        } else if p.extension().is_some_and(|e| e == "test") {
            out.push(p);
        }
    }
}

fn read_floors() -> BTreeMap<String, usize> {
    let text = std::fs::read_to_string(floors_path()).unwrap_or_default();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let (k, v) = l.rsplit_once(char::is_whitespace)?;
            Some((k.trim().to_string(), v.trim().parse().ok()?))
        })
        .collect()
}

/// (passed, failed, skipped) from the closing line.
fn run_file(path: &Path, extra: &[&str]) -> Result<(usize, usize, usize), String> {
    let out = Command::new(env!("CARGO_BIN_EXE_fresnel"))
        .arg("deqp")
        .arg("--quiet")
        .args(extra)
        .arg(path)
        .output()
        .map_err(|e| format!("cannot run fresnel: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let last = stdout.lines().last().ok_or_else(|| {
        format!(
            "no output; stderr: {}",
            String::from_utf8_lossy(&out.stderr)
        )
    })?;
    let nums: Vec<usize> = last
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .filter_map(|s| s.parse().ok())
        .collect();
    if nums.len() != 3 || !last.contains("passed") {
        return Err(format!("unexpected closing line `{last}`"));
    }
    Ok((nums[0], nums[1], nums[2]))
}

fn main() {
    let args = Arguments::from_args();
    let dir = corpus_dir();
    if !dir.is_dir() {
        println!("skipping the dEQP suite: {} is missing", dir.display());
        return;
    }
    let mut files = Vec::new();
    walk(&dir, &mut files);
    let floors = read_floors();
    let update = std::env::var_os("FRESNEL_DEQP_UPDATE_FLOORS").is_some();
    let results: &'static Mutex<BTreeMap<String, usize>> =
        Box::leak(Box::new(Mutex::new(BTreeMap::new())));
    // Each file runs as lowered and optimized (`-O`); both must reach the floor.
    let runs: Vec<(&PathBuf, bool)> = files.iter().flat_map(|f| [(f, false), (f, true)]).collect();
    let trials: Vec<Trial> = runs
        .into_iter()
        .map(|(f, optimized)| {
            let rel = f
                .strip_prefix(&dir)
                .unwrap_or(f)
                .to_string_lossy()
                .into_owned();
            let floor = floors.get(&rel).copied();
            let path = f.clone();
            let name = if optimized {
                format!("{rel} -O")
            } else {
                rel.clone()
            };
            Trial::test(name, move || {
                let extra: &[&str] = if optimized { &["-O"] } else { &[] };
                let (p, fl, sk) = run_file(&path, extra).map_err(Failed::from)?;
                if !optimized {
                    results.lock().expect("results").insert(rel.clone(), p);
                }
                match floor {
                    Some(min) if p < min && !update => Err(Failed::from(format!(
                        "{rel}: {p} passed ({fl} failed, {sk} skipped), below the recorded floor {min}"
                    ))),
                    _ => Ok(()),
                }
            })
        })
        .collect();
    let conclusion = libtest_mimic::run(&args, trials);
    if update {
        let r = results.lock().expect("results");
        let mut text = String::from(
            "# Passed tests per dEQP file (fresnel deqp); the deqp test fails below these.\n\
             # Regenerate: FRESNEL_DEQP_UPDATE_FLOORS=1 cargo test -p fresnel-cli --release --test deqp\n",
        );
        for (k, v) in r.iter() {
            text.push_str(&format!("{k} {v}\n"));
        }
        std::fs::write(floors_path(), text).expect("write the floors file");
        println!("wrote {}", floors_path().display());
    }
    conclusion.exit();
}

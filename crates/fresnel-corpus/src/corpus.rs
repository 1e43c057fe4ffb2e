//! The shared corpus on disk: its location, `manifest.tsv`, and `glslang/test-modes.tsv`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The corpus directory: `$FRESNEL_CORPUS`, else `../shared/corpus` next to this checkout.
/// `None` when it does not exist.
pub fn corpus_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("FRESNEL_CORPUS") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus"),
    };
    // A canonical path keeps names (and cache keys) the same however the corpus is reached.
    let dir = std::fs::canonicalize(&dir).unwrap_or(dir);
    dir.join("manifest.tsv").is_file().then_some(dir)
}

/// Where results are cached: `$CARGO_TARGET_DIR/fresnel-corpus`, else
/// `target/fresnel-corpus` of this workspace.
pub fn cache_dir() -> PathBuf {
    let target = match std::env::var_os("CARGO_TARGET_DIR") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target"),
    };
    target.join("fresnel-corpus")
}

/// The text of a file, decoded lossily (a few test files hold invalid UTF-8 on purpose).
pub fn read_text(path: &Path) -> Option<String> {
    std::fs::read(path)
        .ok()
        .map(|b| String::from_utf8_lossy(&b).into_owned())
}

/// The folders of Amber scripts (under the corpus directory) and the collection each is
/// reported as.
pub const AMBER_DIRS: [(&str, &str); 2] = [
    ("amber", "amber"),
    (
        "vk-gl-cts/external/vulkancts/data/vulkan/amber",
        "vk-gl-cts-amber",
    ),
];

/// `p` relative to the corpus directory `dir`, as text.
pub fn relative(dir: &Path, p: &Path) -> String {
    p.strip_prefix(dir)
        .unwrap_or(p)
        .to_string_lossy()
        .into_owned()
}

/// Every file under `dir`, sorted, recursively.
pub fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    walk_into(dir, &mut out);
    out
}

fn walk_into(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            walk_into(&p, out);
        } else {
            out.push(p);
        }
    }
}

/// What the source's own harness expects of a manifest row.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Expected {
    Pass,
    Fail,
}

impl Expected {
    pub fn name(self) -> &'static str {
        match self {
            Expected::Pass => "pass",
            Expected::Fail => "fail",
        }
    }
}

/// One row of `manifest.tsv`.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Row {
    /// Relative to the corpus directory.
    pub path: String,
    /// `vert`, `frag`, ..., or `unknown`.
    pub stage: String,
    /// The first `#version` line's value, or `none`.
    pub version: String,
    /// `pass`, `fail` or `unknown`.
    pub expected: String,
    pub basis: String,
}

impl Row {
    /// The first path component (`piglit`, `glslang`, ...).
    pub fn source(&self) -> &str {
        self.path.split('/').next().unwrap_or(&self.path)
    }

    /// The expectation, when it is `pass` or `fail`.
    pub fn expectation(&self) -> Option<Expected> {
        match self.expected.as_str() {
            "pass" => Some(Expected::Pass),
            "fail" => Some(Expected::Fail),
            _ => None,
        }
    }

    /// The file name.
    pub fn file_name(&self) -> &str {
        self.path.rsplit('/').next().unwrap_or(&self.path)
    }
}

/// Reads `manifest.tsv`.
pub fn manifest(dir: &Path) -> Vec<Row> {
    let Some(text) = read_text(&dir.join("manifest.tsv")) else {
        return Vec::new();
    };
    text.lines()
        .skip(1)
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f.len() >= 5).then(|| Row {
                path: f[0].to_string(),
                stage: f[1].to_string(),
                version: f[2].to_string(),
                expected: f[3].to_string(),
                basis: f[4].to_string(),
            })
        })
        .collect()
}

/// How glslang's gtests run one file (a row of `glslang/test-modes.tsv`).
#[derive(Clone, Debug, serde::Serialize)]
pub struct GlslangMode {
    /// Every file of the test instance (more than one for link tests).
    pub files: Vec<String>,
    pub suite: String,
    /// `OpenGL`, `Vulkan`, or empty (preprocessing and config tests).
    pub semantics: String,
    /// `Vulkan_1_0`, ... or empty.
    pub client_target: String,
    /// `1_0`, ... `1_6`, or empty.
    pub spirv_target: String,
    pub harness: String,
}

impl GlslangMode {
    pub fn preprocess_only(&self) -> bool {
        self.harness == "loadFilePreprocessAndCheck"
    }

    pub fn vulkan(&self) -> bool {
        self.semantics == "Vulkan"
    }

    /// The SPIR-V minor version of `spirv_target` (`1_4` → 4).
    pub fn spirv_minor(&self) -> Option<u8> {
        self.spirv_target
            .strip_prefix("1_")
            .and_then(|m| m.parse().ok())
    }

    /// The Vulkan minor version of `client_target` (`Vulkan_1_2` → 2).
    pub fn vulkan_minor(&self) -> u8 {
        self.client_target
            .strip_prefix("Vulkan_1_")
            .and_then(|m| m.parse().ok())
            .unwrap_or(0)
            .min(3)
    }
}

/// `glslang/test-modes.tsv`, by file (`glslang/Test/<name>`); a file may be run in several
/// modes, in the order of the table.
pub fn glslang_modes(dir: &Path) -> BTreeMap<String, Vec<GlslangMode>> {
    let mut map: BTreeMap<String, Vec<GlslangMode>> = BTreeMap::new();
    let Some(text) = read_text(&dir.join("glslang/test-modes.tsv")) else {
        return map;
    };
    for l in text.lines().skip(1) {
        let c: Vec<&str> = l.split('\t').collect();
        let col = |i: usize| c.get(i).copied().unwrap_or("").to_string();
        let files: Vec<String> = col(0)
            .split([',', ' '])
            .filter(|f| !f.is_empty())
            .map(str::to_string)
            .collect();
        let mode = GlslangMode {
            files: files.clone(),
            suite: col(2),
            semantics: col(4),
            client_target: col(5),
            spirv_target: col(6),
            harness: col(8),
        };
        for f in files {
            map.entry(format!("glslang/Test/{f}"))
                .or_default()
                .push(mode.clone());
        }
    }
    map
}

//! `#include` over the file system: quoted names are looked up next to the including file,
//! then in the `-I` directories; angled names only in the `-I` directories.

use std::path::{Path, PathBuf};

use fresnel::{IncludeKind, IncludeResolver};

/// Largest file `#include` reads.
const MAX_INCLUDE_BYTES: u64 = 16 << 20;

pub struct FsIncludes {
    main: PathBuf,
    dirs: Vec<PathBuf>,
}

impl FsIncludes {
    pub fn new(main: &Path, dirs: &[PathBuf]) -> FsIncludes {
        FsIncludes {
            main: main.to_path_buf(),
            dirs: dirs.to_vec(),
        }
    }

    fn try_read(path: &Path) -> Option<Result<String, String>> {
        let meta = std::fs::metadata(path).ok()?;
        if !meta.is_file() {
            return None;
        }
        if meta.len() > MAX_INCLUDE_BYTES {
            return Some(Err(format!(
                "{} is larger than {} bytes",
                path.display(),
                MAX_INCLUDE_BYTES
            )));
        }
        Some(
            std::fs::read(path)
                .map(|b| String::from_utf8_lossy(&b).into_owned())
                .map_err(|e| format!("cannot read {}: {e}", path.display())),
        )
    }
}

impl IncludeResolver for FsIncludes {
    fn resolve(
        &mut self,
        name: &str,
        kind: IncludeKind,
        from: &str,
    ) -> Result<(String, String), String> {
        // Shaders written on Windows separate directories with `\`.
        let normalized = name.replace('\\', "/");
        let name = normalized.as_str();
        let mut candidates = Vec::new();
        if kind == IncludeKind::Quoted {
            let from_path = if from.is_empty() {
                self.main.as_path()
            } else {
                Path::new(from)
            };
            let dir = from_path.parent().unwrap_or(Path::new("."));
            candidates.push(dir.join(name));
        }
        for d in &self.dirs {
            candidates.push(d.join(name));
        }
        for c in &candidates {
            if let Some(r) = Self::try_read(c) {
                return r.map(|text| (c.to_string_lossy().into_owned(), text));
            }
        }
        let searched: Vec<String> = candidates.iter().map(|c| c.display().to_string()).collect();
        if searched.is_empty() {
            Err("no include directories given (use -I DIR)".into())
        } else {
            Err(format!("not found; looked for {}", searched.join(", ")))
        }
    }
}

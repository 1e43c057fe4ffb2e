//! Shared by the command-line tests of several files: running `fresnel` and scratch files.

#![allow(dead_code)]

use std::path::Path;
use std::process::{Command, Output};

/// Runs the `fresnel` binary with `args`, without colours.
pub fn fresnel(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fresnel"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("run fresnel")
}

/// A fresh temporary directory for a test, removed (with everything in it) when dropped.
pub struct Scratch(tempfile::TempDir);

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        self.0.path()
    }
}

/// A fresh temporary directory for test `name` (named `fresnel-{kind}-{name}-...`).
pub fn scratch(kind: &str, name: &str) -> Scratch {
    Scratch(
        tempfile::Builder::new()
            .prefix(&format!("fresnel-{kind}-{name}-"))
            .tempdir()
            .expect("temp dir"),
    )
}

/// Writes `text` to `dir/name`; its path.
pub fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).expect("write");
    p.to_string_lossy().into_owned()
}

/// Output bytes as text.
pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// `spirv-val` (Vulkan 1.0) accepts the module at `path`.
pub fn spirv_val(path: &Path) {
    let o = Command::new("spirv-val")
        .args(["--target-env", "vulkan1.0"])
        .arg(path)
        .output()
        .expect("spirv-val is installed (Debian package spirv-tools)");
    assert!(
        o.status.success(),
        "spirv-val rejects {}: {}{}",
        path.display(),
        text(&o.stderr),
        text(&o.stdout)
    );
}

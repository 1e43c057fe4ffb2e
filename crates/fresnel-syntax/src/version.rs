//! Language versions, profiles, shader stages and target environments.

use std::fmt;

/// The profile of a `#version` line.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Profile {
    /// Desktop GLSL with no profile named: core for 1.50 and later, nothing before.
    None,
    Core,
    Compatibility,
    Es,
}

/// A GLSL or GLSL ES language version.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, serde::Serialize)]
pub struct Version {
    /// 100, 110, ..., 460; 100 and 300/310/320 are ES when `profile` is `Es`.
    pub number: u16,
    pub profile: Profile,
}

/// Desktop GLSL versions that exist.
pub const DESKTOP_VERSIONS: &[u16] = &[
    110, 120, 130, 140, 150, 330, 400, 410, 420, 430, 440, 450, 460,
];
/// GLSL ES versions that exist.
pub const ES_VERSIONS: &[u16] = &[100, 300, 310, 320];

impl Version {
    pub const GLSL_110: Version = Version {
        number: 110,
        profile: Profile::None,
    };
    pub const ESSL_100: Version = Version {
        number: 100,
        profile: Profile::Es,
    };

    pub fn new(number: u16, profile: Profile) -> Version {
        Version { number, profile }
    }

    pub fn es(number: u16) -> Version {
        Version::new(number, Profile::Es)
    }

    pub fn desktop(number: u16) -> Version {
        Version::new(number, Profile::None)
    }

    #[inline]
    pub fn is_es(self) -> bool {
        self.profile == Profile::Es
    }

    /// Whether this is desktop GLSL at least `gl`, or GLSL ES at least `es` (0 = never).
    #[inline]
    pub fn at_least(self, gl: u16, es: u16) -> bool {
        if self.is_es() {
            es != 0 && self.number >= es
        } else {
            gl != 0 && self.number >= gl
        }
    }

    /// Whether the compatibility profile's features are in force (desktop before 1.40, or a
    /// `compatibility` profile).
    pub fn is_compatibility(self) -> bool {
        match self.profile {
            Profile::Compatibility => true,
            Profile::None => self.number < 140,
            _ => false,
        }
    }

    /// Whether the version number is one that exists for its flavour.
    pub fn is_known(self) -> bool {
        if self.is_es() {
            ES_VERSIONS.contains(&self.number)
        } else {
            DESKTOP_VERSIONS.contains(&self.number)
        }
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.profile {
            Profile::None => write!(f, "{}", self.number),
            Profile::Core => write!(f, "{} core", self.number),
            Profile::Compatibility => write!(f, "{} compatibility", self.number),
            Profile::Es => write!(f, "{} es", self.number),
        }
    }
}

/// A shader stage.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    Vertex,
    TessControl,
    TessEval,
    Geometry,
    Fragment,
    Compute,
    Task,
    Mesh,
    RayGen,
    Intersect,
    AnyHit,
    ClosestHit,
    Miss,
    Callable,
}

impl Stage {
    pub const ALL: [Stage; 14] = [
        Stage::Vertex,
        Stage::TessControl,
        Stage::TessEval,
        Stage::Geometry,
        Stage::Fragment,
        Stage::Compute,
        Stage::Task,
        Stage::Mesh,
        Stage::RayGen,
        Stage::Intersect,
        Stage::AnyHit,
        Stage::ClosestHit,
        Stage::Miss,
        Stage::Callable,
    ];

    /// The usual file extension (`vert`, `frag`, ...), also accepted by `-S`.
    pub fn extension(self) -> &'static str {
        match self {
            Stage::Vertex => "vert",
            Stage::TessControl => "tesc",
            Stage::TessEval => "tese",
            Stage::Geometry => "geom",
            Stage::Fragment => "frag",
            Stage::Compute => "comp",
            Stage::Task => "task",
            Stage::Mesh => "mesh",
            Stage::RayGen => "rgen",
            Stage::Intersect => "rint",
            Stage::AnyHit => "rahit",
            Stage::ClosestHit => "rchit",
            Stage::Miss => "rmiss",
            Stage::Callable => "rcall",
        }
    }

    pub fn from_extension(ext: &str) -> Option<Stage> {
        Stage::ALL.iter().copied().find(|s| s.extension() == ext)
    }

    /// Parses a stage name as the command line accepts it: the file extension or a long name.
    pub fn from_name(name: &str) -> Option<Stage> {
        Stage::from_extension(name).or(match name {
            "vertex" => Some(Stage::Vertex),
            "tess_control" | "tessellation_control" => Some(Stage::TessControl),
            "tess_eval" | "tess_evaluation" | "tessellation_evaluation" => Some(Stage::TessEval),
            "geometry" => Some(Stage::Geometry),
            "fragment" => Some(Stage::Fragment),
            "compute" => Some(Stage::Compute),
            _ => None,
        })
    }

    /// The stage a file name implies: `x.frag`, or `x.frag.glsl`.
    pub fn from_path(path: &str) -> Option<Stage> {
        let name = path.rsplit(['/', '\\']).next().unwrap_or(path);
        let mut parts = name.rsplit('.');
        let last = parts.next()?;
        if let Some(s) = Stage::from_extension(last) {
            return Some(s);
        }
        if last == "glsl" {
            return parts.next().and_then(Stage::from_extension);
        }
        None
    }

    pub fn name(self) -> &'static str {
        match self {
            Stage::Vertex => "vertex",
            Stage::TessControl => "tessellation control",
            Stage::TessEval => "tessellation evaluation",
            Stage::Geometry => "geometry",
            Stage::Fragment => "fragment",
            Stage::Compute => "compute",
            Stage::Task => "task",
            Stage::Mesh => "mesh",
            Stage::RayGen => "ray generation",
            Stage::Intersect => "intersection",
            Stage::AnyHit => "any-hit",
            Stage::ClosestHit => "closest-hit",
            Stage::Miss => "miss",
            Stage::Callable => "callable",
        }
    }
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The environment the shader is compiled for.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TargetEnv {
    /// OpenGL (desktop), the default.
    #[default]
    OpenGl,
    /// OpenGL ES.
    OpenGlEs,
    /// Vulkan 1.0-1.4 (`minor`).
    Vulkan { minor: u8 },
}

impl TargetEnv {
    pub fn is_vulkan(self) -> bool {
        matches!(self, TargetEnv::Vulkan { .. })
    }

    pub fn parse(s: &str) -> Option<TargetEnv> {
        Some(match s {
            "opengl" | "gl" => TargetEnv::OpenGl,
            "opengles" | "gles" => TargetEnv::OpenGlEs,
            "vulkan" | "vulkan1.0" => TargetEnv::Vulkan { minor: 0 },
            "vulkan1.1" => TargetEnv::Vulkan { minor: 1 },
            "vulkan1.2" => TargetEnv::Vulkan { minor: 2 },
            "vulkan1.3" => TargetEnv::Vulkan { minor: 3 },
            "vulkan1.4" => TargetEnv::Vulkan { minor: 4 },
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stage_from_path() {
        assert_eq!(Stage::from_path("a/b.frag"), Some(Stage::Fragment));
        assert_eq!(Stage::from_path("x.vert.glsl"), Some(Stage::Vertex));
        assert_eq!(Stage::from_path("x.glsl"), None);
        assert_eq!(Stage::from_path("shader.rchit"), Some(Stage::ClosestHit));
    }

    #[test]
    fn version_predicates() {
        assert!(Version::es(300).at_least(130, 300));
        assert!(!Version::es(100).at_least(130, 300));
        assert!(Version::desktop(130).at_least(130, 300));
        assert!(!Version::desktop(120).at_least(130, 0));
        assert!(Version::desktop(120).is_compatibility());
        assert!(!Version::desktop(330).is_compatibility());
    }
}

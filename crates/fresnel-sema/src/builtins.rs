//! The built-in function table (compiled from `builtins/functions.glsl` by `build.rs`) and the
//! built-in variable declarations (`builtins/variables.glsl`, split by `build.rs` into
//! top-level declarations indexed by the `gl_` names they declare, so that a shader parses
//! only the declarations of the built-ins it names).

use fresnel_syntax::extensions::{Ext, ExtensionState};
use fresnel_syntax::token::TokenKind;
use fresnel_syntax::version::{Stage, Version};

pub use crate::builtin_types::{BType, BuiltinStruct, Dim, Opaque, OpaqueKind, Scalar};

/// Where a built-in exists.
#[derive(Debug)]
pub struct Availability {
    /// Desktop GLSL versions (inclusive).
    pub gl: Option<(u16, u16)>,
    /// GLSL ES versions (inclusive).
    pub es: Option<(u16, u16)>,
    /// Also in the compatibility profile from the `gl` minimum on.
    pub compat: bool,
    /// Also wherever one of these extensions is enabled.
    pub exts: &'static [&'static str],
    /// When not empty, one of these extensions must be enabled as well (an extension that
    /// adds something to particular versions only).
    pub requires: &'static [&'static str],
    /// Not when one of these extensions is enabled (the variant without what they add, when
    /// another variant `requires` them).
    pub unless: &'static [&'static str],
    /// Bit `stage as usize` set for each stage it exists in.
    pub stages: u16,
    /// `Some(true)`: only for Vulkan; `Some(false)`: never for Vulkan.
    pub vulkan: Option<bool>,
}

/// What availability depends on.
#[derive(Copy, Clone)]
pub struct Context<'a> {
    pub version: Version,
    pub stage: Option<Stage>,
    pub vulkan: bool,
    pub exts: &'a ExtensionState,
}

impl Availability {
    pub fn allows(&self, cx: &Context<'_>) -> bool {
        if let Some(stage) = cx.stage {
            if self.stages & (1 << stage as u16) == 0 {
                return false;
            }
        }
        if let Some(v) = self.vulkan {
            if v != cx.vulkan {
                return false;
            }
        }
        if !self.requires.is_empty()
            && !self
                .requires
                .iter()
                .filter_map(|n| Ext::from_name(n))
                .any(|e| cx.exts.is_on(e))
        {
            return false;
        }
        if self
            .unless
            .iter()
            .filter_map(|n| Ext::from_name(n))
            .any(|e| cx.exts.is_on(e))
        {
            return false;
        }
        self.in_version(cx.version) || self.by_extension(cx.exts).is_some()
    }

    /// Whether the version (and profile) alone makes it available.
    pub fn in_version(&self, v: Version) -> bool {
        let n = v.number;
        if v.is_es() {
            return self.es.is_some_and(|(lo, hi)| n >= lo && n <= hi);
        }
        match self.gl {
            Some((lo, hi)) => n >= lo && (n <= hi || (self.compat && v.is_compatibility())),
            None => false,
        }
    }

    /// The first enabled extension that makes it available.
    pub fn by_extension(&self, exts: &ExtensionState) -> Option<Ext> {
        self.exts
            .iter()
            .filter_map(|n| Ext::from_name(n))
            .find(|e| exts.is_on(*e))
    }
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ParamQual {
    In,
    Out,
    InOut,
}

/// Parameter flags (`ParamSpec::flags`).
pub mod flags {
    /// The argument must be a constant expression.
    pub const CONST: u8 = 1;
    pub const HIGHP: u8 = 2;
    pub const MEDIUMP: u8 = 4;
    pub const LOWP: u8 = 8;
    pub const COHERENT: u8 = 16;
    pub const VOLATILE: u8 = 32;
    pub const READONLY: u8 = 64;
    pub const WRITEONLY: u8 = 128;
}

#[derive(Debug)]
pub struct ParamSpec {
    pub ty: BType,
    pub qual: ParamQual,
    pub flags: u8,
    /// The length of an array parameter (`const ivec2 offsets[4]`); 0 for other parameters.
    pub array: u8,
}

/// One concrete overload of a built-in function.
#[derive(Debug)]
pub struct Signature {
    pub name: &'static str,
    pub ret: BType,
    pub ret_flags: u8,
    pub params: &'static [ParamSpec],
    pub avail: u16,
}

impl Signature {
    pub fn availability(&self) -> &'static Availability {
        &AVAILABILITY[self.avail as usize]
    }
}

include!(concat!(env!("OUT_DIR"), "/builtin_functions.rs"));

/// Every overload of the built-in function `name` (whatever the version).
pub fn overloads(name: &str) -> &'static [Signature] {
    match NAMES.binary_search_by(|(n, _, _)| (*n).cmp(name)) {
        Ok(i) => {
            let (_, start, len) = NAMES[i];
            &SIGNATURES[start as usize..(start + len) as usize]
        }
        Err(_) => &[],
    }
}

/// The indices in [`SIGNATURES`] of every overload of `name`.
pub fn overload_indices(name: &str) -> std::ops::Range<u32> {
    match NAMES.binary_search_by(|(n, _, _)| (*n).cmp(name)) {
        Ok(i) => {
            let (_, start, len) = NAMES[i];
            start..start + len
        }
        Err(_) => 0..0,
    }
}

/// Whether some built-in function has this name (in some version).
pub fn is_builtin_function(name: &str) -> bool {
    !overloads(name).is_empty()
}

/// Number of top-level declarations in `builtins/variables.glsl`.
pub fn variable_decl_count() -> usize {
    VARIABLE_DECLS.len()
}

/// The top-level built-in declaration `index` (in file order): the index of its availability
/// (for [`availability_allows`]) and its GLSL source.
pub fn variable_decl(index: usize) -> (u16, &'static str) {
    let (avail, start, end) = VARIABLE_DECLS[index];
    (avail, &VARIABLE_TEXT[start as usize..end as usize])
}

/// The index of the availability of declaration `index` (see [`variable_decl`]).
pub fn variable_decl_availability(index: usize) -> u16 {
    VARIABLE_DECLS[index].0
}

/// Every built-in declaration's text end to end, in file order: declaration `index` is at
/// [`variable_decl_start`]`(index)`.
pub fn variable_text() -> &'static str {
    VARIABLE_TEXT
}

/// Where the text of declaration `index` starts in [`variable_text`].
pub fn variable_decl_start(index: usize) -> u32 {
    VARIABLE_DECLS[index].1
}

/// The tokens of declaration `index` as the lexer makes them, prepared by `build.rs`: kind,
/// flags (as after the previous declaration's newline) and byte range in its text.
pub fn variable_decl_tokens(index: usize) -> &'static [(TokenKind, u8, u16, u16)] {
    VARIABLE_TOKENS[index]
}

/// The declarations needed by declaration `index` (those of the names it uses, such as array
/// sizes and struct types, transitively), in file order.
pub fn variable_decl_deps(index: usize) -> &'static [u16] {
    VARIABLE_DEPS[index]
}

/// The declarations (indices for [`variable_decl`], in file order) of the built-in `name` (a
/// variable, constant, block, block member or struct type) in every context. Empty when no
/// built-in has this name.
pub fn variable_decls_for(name: &str) -> &'static [u16] {
    match VARIABLE_NAMES.binary_search_by(|(n, _)| (*n).cmp(name)) {
        Ok(i) => VARIABLE_NAMES[i].1,
        Err(_) => &[],
    }
}

/// Every `gl_` name declared by `builtins/variables.glsl`, sorted.
pub fn variable_names() -> impl Iterator<Item = &'static str> {
    VARIABLE_NAMES.iter().map(|(n, _)| *n)
}

/// The value of the built-in integer constant `name` (`int` or `ivec3`, such as
/// `gl_MaxClipDistances` or `gl_MaxComputeWorkGroupSize`) declared in this context, without
/// declaring it.
pub fn int_constant(name: &str, cx: &Context<'_>) -> Option<&'static [i64]> {
    VARIABLE_INT_CONSTS
        .iter()
        .find(|(n, a, _)| *n == name && AVAILABILITY[*a as usize].allows(cx))
        .map(|(_, _, v)| *v)
}

/// Whether the availability with this index allows a context.
pub fn availability_allows(index: u16, cx: &Context<'_>) -> bool {
    AVAILABILITY[index as usize].allows(cx)
}

/// The extensions that make the availability with this index hold.
pub fn availability_exts(index: u16) -> &'static [&'static str] {
    AVAILABILITY[index as usize].exts
}

/// Number of concrete built-in function signatures in the table.
pub fn signature_count() -> usize {
    SIGNATURES.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cx(v: Version, exts: &ExtensionState) -> Context<'_> {
        Context {
            version: v,
            stage: Some(Stage::Fragment),
            vulkan: false,
            exts,
        }
    }

    #[test]
    fn table_is_sorted_and_expanded() {
        assert!(NAMES.windows(2).all(|w| w[0].0 < w[1].0));
        let sins: Vec<_> = overloads("sin")
            .iter()
            .filter(|s| {
                matches!(
                    s.params[0].ty,
                    BType::Scalar(Scalar::F32) | BType::Vector(Scalar::F32, _)
                )
            })
            .collect();
        assert_eq!(sins.len(), 4, "genFType expands to float and vec2..vec4");
        assert!(sins.iter().any(|s| s.ret == BType::Vector(Scalar::F32, 3)));
        let lt = overloads("lessThan");
        assert!(lt.iter().any(|s| s.ret == BType::Vector(Scalar::Bool, 2)
            && s.params[0].ty == BType::Vector(Scalar::I32, 2)));
        assert!(overloads("no_such_function").is_empty());
        let tex = overloads("texture");
        assert!(tex.iter().any(|s| s.ret == BType::Vector(Scalar::U32, 4)
            && matches!(s.params[0].ty, BType::Opaque(o) if o.sampled == Scalar::U32)));
        let off = overloads("textureOffset");
        assert!(off
            .iter()
            .filter(|s| matches!(s.params[0].ty, BType::Opaque(o) if o.dim == Dim::D2 && !o.arrayed && !o.shadow))
            .all(|s| s.params[2].flags & flags::CONST != 0));
    }

    #[test]
    fn signature_keys_digest_the_parameter_types() {
        use crate::builtin_types::params_key;
        assert_eq!(SIG_KEYS.len(), SIGNATURES.len());
        for (s, k) in SIGNATURES.iter().zip(&SIG_KEYS) {
            assert_eq!(*k, params_key(s.params.iter().map(|p| p.ty)), "{}", s.name);
        }
        // The type codes are distinct, and the key depends on order and length.
        let mut codes: Vec<u32> = SIGNATURES
            .iter()
            .flat_map(|s| s.params.iter().map(|p| p.ty))
            .collect::<std::collections::BTreeSet<BType>>()
            .into_iter()
            .map(BType::code)
            .collect();
        let n = codes.len();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), n);
        let (f, i) = (BType::Scalar(Scalar::F32), BType::Scalar(Scalar::I32));
        assert_ne!(
            params_key([f, i].into_iter()),
            params_key([i, f].into_iter())
        );
        assert_ne!(params_key([f].into_iter()), params_key([f, f].into_iter()));
        assert_ne!(
            params_key([].into_iter()),
            params_key([BType::Void].into_iter())
        );
    }

    #[test]
    fn availability_by_version_profile_and_stage() {
        let e = ExtensionState::default();
        let tex2d = &overloads("texture2D")[0];
        let a = tex2d.availability();
        assert!(a.allows(&cx(Version::desktop(110), &e)));
        assert!(a.allows(&cx(Version::desktop(410), &e)));
        assert!(!a.allows(&cx(Version::desktop(450), &e)));
        assert!(a.allows(&cx(
            Version::new(450, fresnel_syntax::version::Profile::Compatibility),
            &e
        )));
        assert!(a.allows(&cx(Version::es(100), &e)));
        assert!(!a.allows(&cx(Version::es(300), &e)));
        let sinh = &overloads("sinh")[0];
        assert!(!sinh.availability().allows(&cx(Version::desktop(120), &e)));
        assert!(sinh.availability().allows(&cx(Version::es(300), &e)));
    }
}

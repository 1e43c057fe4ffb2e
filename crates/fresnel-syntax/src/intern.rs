//! String interning. Every identifier is stored once per compilation and named by a
//! [`Symbol`], a `u32` that compares and hashes in one instruction.
//!
//! The interner is seeded with every keyword (in [`Keyword`] order, so `Symbol(k as u32)` is
//! keyword `k`) followed by the other names the front end looks for ([`sym`]). Seeding costs a
//! few microseconds per compilation; there is no global interner (the library has no global
//! mutable state).

use indexmap::IndexSet;
use rustc_hash::FxBuildHasher;

use crate::keywords::{Keyword, KEYWORD_COUNT, KEYWORD_TEXT};

/// An interned string.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Default)]
pub struct Symbol(pub u32);

impl Symbol {
    /// The keyword this symbol spells, if any (whether it *is* a keyword in the current
    /// version is decided by [`crate::keywords::classify`]).
    #[inline]
    pub fn keyword(self) -> Option<Keyword> {
        Keyword::from_index(self.0)
    }

    #[inline]
    pub const fn from_keyword(k: Keyword) -> Symbol {
        Symbol(k as u32)
    }
}

macro_rules! well_known {
    ($($name:ident = $text:literal),* $(,)?) => {
        #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
        #[repr(u32)]
        enum WellKnown { $($name),* }
        /// Symbols for names the front end looks for, other than keywords.
        #[allow(non_upper_case_globals)]
        pub mod sym {
            use super::{Symbol, WellKnown};
            use crate::keywords::KEYWORD_COUNT;
            $(pub const $name: Symbol = Symbol(KEYWORD_COUNT as u32 + WellKnown::$name as u32);)*
        }
        const WELL_KNOWN_TEXT: &[&str] = &[$($text),*];
    };
}

well_known! {
    defined = "defined",
    __LINE__ = "__LINE__",
    __FILE__ = "__FILE__",
    __VERSION__ = "__VERSION__",
    GL_ES = "GL_ES",
    GL_core_profile = "GL_core_profile",
    GL_compatibility_profile = "GL_compatibility_profile",
    GL_es_profile = "GL_es_profile",
    GL_FRAGMENT_PRECISION_HIGH = "GL_FRAGMENT_PRECISION_HIGH",
    VULKAN = "VULKAN",
    GL_SPIRV = "GL_SPIRV",
    __VA_ARGS__ = "__VA_ARGS__",
    // Directive names (those that are not keywords).
    define = "define",
    undef = "undef",
    ifdef = "ifdef",
    ifndef = "ifndef",
    elif = "elif",
    endif = "endif",
    error = "error",
    pragma = "pragma",
    extension = "extension",
    version = "version",
    line = "line",
    include = "include",
    // #version profiles.
    core = "core",
    compatibility = "compatibility",
    es = "es",
    // #extension behaviors.
    all = "all",
    require = "require",
    enable = "enable",
    warn = "warn",
    disable = "disable",
    // #pragma forms.
    STDGL = "STDGL",
    optimize = "optimize",
    debug = "debug",
    on = "on",
    off = "off",
    once = "once",
    // Expressions.
    length = "length",
    // Extension statement words the parser recognises when their extension is on.
    demote = "demote",
    terminateInvocation = "terminateInvocation",
    ignoreIntersectionEXT = "ignoreIntersectionEXT",
    terminateRayEXT = "terminateRayEXT",
    // GL_EXT_spirv_intrinsics.
    spirv_instruction = "spirv_instruction",
    spirv_execution_mode = "spirv_execution_mode",
    spirv_execution_mode_id = "spirv_execution_mode_id",
    spirv_decorate = "spirv_decorate",
    spirv_decorate_id = "spirv_decorate_id",
    spirv_decorate_string = "spirv_decorate_string",
    spirv_type = "spirv_type",
    spirv_storage_class = "spirv_storage_class",
    spirv_by_reference = "spirv_by_reference",
    spirv_literal = "spirv_literal",
}

/// The interner: one per compilation.
#[derive(Clone, Debug)]
pub struct Interner {
    set: IndexSet<Box<str>, FxBuildHasher>,
}

impl Default for Interner {
    fn default() -> Self {
        Self::new()
    }
}

impl Interner {
    pub fn new() -> Interner {
        let mut set = IndexSet::with_capacity_and_hasher(
            KEYWORD_COUNT + WELL_KNOWN_TEXT.len() + 256,
            FxBuildHasher,
        );
        for t in KEYWORD_TEXT.iter().chain(WELL_KNOWN_TEXT) {
            let fresh = set.insert(Box::<str>::from(*t));
            debug_assert!(fresh, "duplicate seed symbol {t}");
        }
        Interner { set }
    }

    #[inline]
    pub fn intern(&mut self, s: &str) -> Symbol {
        if let Some(i) = self.set.get_index_of(s) {
            return Symbol(i as u32);
        }
        let (i, _) = self.set.insert_full(Box::from(s));
        Symbol(i as u32)
    }

    /// The symbol for `s` if it has been interned.
    pub fn get(&self, s: &str) -> Option<Symbol> {
        self.set.get_index_of(s).map(|i| Symbol(i as u32))
    }

    #[inline]
    pub fn resolve(&self, sym: Symbol) -> &str {
        self.set
            .get_index(sym.0 as usize)
            .map_or("<invalid symbol>", |s| s)
    }

    pub fn len(&self) -> usize {
        self.set.len()
    }

    pub fn is_empty(&self) -> bool {
        self.set.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeded_symbols_match_their_text() {
        let mut i = Interner::new();
        assert_eq!(i.intern("defined"), sym::defined);
        assert_eq!(i.intern("spirv_literal"), sym::spirv_literal);
        assert_eq!(i.resolve(sym::__LINE__), "__LINE__");
        let v = i.intern("vec4");
        assert_eq!(v.keyword(), Some(Keyword::Vec4));
        let x = i.intern("not_a_keyword");
        assert_eq!(x.keyword(), None);
        assert_eq!(i.intern("not_a_keyword"), x);
    }
}

//! String interning. Every identifier is stored once per compilation and named by a
//! [`Symbol`], a `u32` that compares and hashes in one instruction.
//!
//! Symbols below [`SEED_COUNT`] are fixed at compile time: every keyword (in [`Keyword`]
//! order, so `Symbol(k as u32)` is keyword `k`) followed by the other names the front end looks
//! for ([`sym`]). Their texts are static; an interner only records the ones a shader uses, so
//! creating one costs nothing. There is no global interner (the library has no global mutable
//! state).

use std::hash::BuildHasher;

use hashbrown::HashTable;
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

        /// The well-known symbol spelled `s`, if any.
        fn well_known_from_str(s: &str) -> Option<Symbol> {
            match s {
                $($text => Some(sym::$name),)*
                _ => None,
            }
        }
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

/// Number of symbols fixed at compile time (keywords and well-known names).
pub const SEED_COUNT: usize = KEYWORD_COUNT + WELL_KNOWN_TEXT.len();

/// The symbol for a seeded (static) name.
fn static_symbol(s: &str) -> Option<Symbol> {
    match crate::keywords::keyword_from_str(s) {
        Some(k) => Some(Symbol::from_keyword(k)),
        None => well_known_from_str(s),
    }
}

fn static_text(sym: Symbol) -> Option<&'static str> {
    let i = sym.0 as usize;
    if i < KEYWORD_COUNT {
        Some(KEYWORD_TEXT[i])
    } else {
        WELL_KNOWN_TEXT.get(i - KEYWORD_COUNT).copied()
    }
}

/// The interner: one per compilation.
#[derive(Clone, Debug, Default)]
pub struct Interner {
    /// Every name met so far, seeded or not, as its symbol, found by the hash of its text: one
    /// hash lookup per name (performance).
    table: HashTable<Symbol>,
    /// The texts of the names other than the seeded ones, back to back (performance: one
    /// buffer instead of a `String` per name).
    text: String,
    /// For the names other than the seeded ones (symbol `SEED_COUNT + k`), the end of the
    /// text in `text` (it starts where the previous one ends).
    ends: Vec<u32>,
}

#[inline]
fn hash_text(s: &str) -> u64 {
    FxBuildHasher.hash_one(s)
}

/// Whether two names are the same, compared in line (performance: names are short; a call of
/// the C library's `memcmp` costs more than the comparison).
#[inline]
fn same_text(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let n = a.len();
    if n != b.len() {
        return false;
    }
    // Names of 4 to 16 bytes, the most common, as two (overlapping) words from each end
    // (performance: no loop over the bytes).
    if (8..=16).contains(&n) {
        let w = |s: &[u8], i: usize| u64::from_le_bytes(s[i..i + 8].try_into().unwrap());
        return w(a, 0) == w(b, 0) && w(a, n - 8) == w(b, n - 8);
    }
    if (4..8).contains(&n) {
        let w = |s: &[u8], i: usize| u32::from_le_bytes(s[i..i + 4].try_into().unwrap());
        return w(a, 0) == w(b, 0) && w(a, n - 4) == w(b, n - 4);
    }
    a.iter().zip(b).all(|(x, y)| x == y)
}

/// The text of `sym` given an interner's dynamic texts.
#[inline]
fn text_of<'a>(text: &'a str, ends: &[u32], sym: Symbol) -> Option<&'a str> {
    if let Some(t) = static_text(sym) {
        return Some(t);
    }
    let k = (sym.0 as usize).checked_sub(SEED_COUNT)?;
    let end = *ends.get(k)? as usize;
    let start = match k {
        0 => 0,
        _ => ends[k - 1] as usize,
    };
    text.get(start..end)
}

impl Interner {
    pub fn new() -> Interner {
        // Room for a typical shader's names from the start (performance: no regrowing).
        Interner {
            table: HashTable::with_capacity(64),
            text: String::with_capacity(256),
            ends: Vec::with_capacity(32),
        }
    }

    #[inline]
    pub fn intern(&mut self, s: &str) -> Symbol {
        let hash = hash_text(s);
        let (text, ends) = (&self.text, &self.ends);
        if let Some(&sym) = self.table.find(hash, |&sym| {
            text_of(text, ends, sym).is_some_and(|t| same_text(t, s))
        }) {
            return sym;
        }
        let sym = match static_symbol(s) {
            Some(sym) => sym,
            None => {
                let sym = Symbol((SEED_COUNT + self.ends.len()) as u32);
                self.text.push_str(s);
                self.ends.push(self.text.len() as u32);
                sym
            }
        };
        let (text, ends) = (&self.text, &self.ends);
        self.table.insert_unique(hash, sym, |&sym| {
            hash_text(text_of(text, ends, sym).unwrap_or(""))
        });
        sym
    }

    /// The symbol for `s` if it is seeded or has been interned.
    pub fn get(&self, s: &str) -> Option<Symbol> {
        static_symbol(s).or_else(|| {
            self.table
                .find(hash_text(s), |&sym| {
                    text_of(&self.text, &self.ends, sym) == Some(s)
                })
                .copied()
        })
    }

    #[inline]
    pub fn resolve(&self, sym: Symbol) -> &str {
        text_of(&self.text, &self.ends, sym).unwrap_or("<invalid symbol>")
    }

    /// Every name recorded so far, seeded ones included (order not meaningful). The checker
    /// uses it to declare only the built-in variables a shader can name.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.table.iter().map(|&sym| self.resolve(sym))
    }

    /// Number of distinct names interned by this interner (seeded ones included once used).
    pub fn len(&self) -> usize {
        self.table.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
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
        assert_eq!(i.resolve(x), "not_a_keyword");
        assert_eq!(i.resolve(v), "vec4");
        assert_eq!(i.get("while"), Some(Symbol::from_keyword(Keyword::While)));
        // Every seeded text maps back to its own symbol.
        for (n, t) in KEYWORD_TEXT.iter().chain(WELL_KNOWN_TEXT).enumerate() {
            assert_eq!(i.intern(t), Symbol(n as u32), "{t}");
        }
    }
}

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
    /// Every name met so far, seeded or not, found by the hash of its text: one hash lookup
    /// per name (performance).
    table: HashTable<Entry>,
    /// The texts of the names other than the seeded ones, back to back (performance: one
    /// buffer instead of a `String` per name).
    text: String,
    /// For the names other than the seeded ones (symbol `SEED_COUNT + k`), the end of the
    /// text in `text` (it starts where the previous one ends).
    ends: Vec<u32>,
}

/// A name in the interner's table: its symbol, its length and its [`Key`] (performance: a
/// lookup of a name of at most 16 bytes, nearly every name, compares two words and a length
/// and never fetches the stored text).
#[derive(Copy, Clone, Debug)]
struct Entry {
    key: Key,
    len: u32,
    sym: Symbol,
}

/// Up to 16 bytes of a name, read as two words (see [`key_of`]).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
struct Key(u64, u64);

/// Names longer than this are compared by their text as well as by their key.
const KEY_BYTES: usize = 16;

/// The key of a name: for a name of at most 16 bytes the key and the length determine the
/// text (the words cover every byte; they may overlap), so equal keys and lengths mean equal
/// names; a longer name's key holds its first and last 8 bytes.
#[inline]
fn key_of(s: &[u8]) -> Key {
    let n = s.len();
    // (The callers below keep `i + 8` / `i + 4` within `n`; the copies are fixed-size.)
    let w8 = |i: usize| {
        let mut b = [0u8; 8];
        b.copy_from_slice(&s[i..i + 8]);
        u64::from_le_bytes(b)
    };
    let w4 = |i: usize| {
        let mut b = [0u8; 4];
        b.copy_from_slice(&s[i..i + 4]);
        u64::from(u32::from_le_bytes(b))
    };
    if n >= 8 {
        Key(w8(0), w8(n - 8))
    } else if n >= 4 {
        Key(w4(0) | (w4(n - 4) << 32), 0)
    } else if n > 0 {
        let b = |i: usize| u64::from(s[i]);
        Key(b(0) | (b(n / 2) << 8) | (b(n - 1) << 16), 0)
    } else {
        Key(0, 0)
    }
}

/// The hash of a name given its key (performance: one multiplication for the short names
/// instead of hashing the bytes; longer names hash their whole text).
#[inline]
fn hash_of(s: &str, key: Key) -> u64 {
    if s.len() > KEY_BYTES {
        return FxBuildHasher.hash_one(s);
    }
    // A folded 64x64->128-bit multiplication of the two words (mixed with the length and two
    // odd constants), which spreads every input bit over the low bits (the bucket) and the
    // top bits (the tag) of the hash.
    let x = key.0 ^ 0x243f_6a88_85a3_08d3;
    let y = key.1 ^ (s.len() as u64) ^ 0x1319_8a2e_0370_7344;
    let p = u128::from(x) * u128::from(y);
    (p as u64) ^ ((p >> 64) as u64)
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

    /// The entry for `s` in the table, if it has been interned.
    #[inline]
    fn find(&self, s: &str, key: Key, hash: u64) -> Option<Symbol> {
        let (text, ends) = (&self.text, &self.ends);
        let len = s.len() as u32;
        self.table
            .find(hash, |e| {
                e.len == len
                    && e.key == key
                    && (s.len() <= KEY_BYTES || text_of(text, ends, e.sym) == Some(s))
            })
            .map(|e| e.sym)
    }

    #[inline]
    pub fn intern(&mut self, s: &str) -> Symbol {
        let key = key_of(s.as_bytes());
        let hash = hash_of(s, key);
        if let Some(sym) = self.find(s, key, hash) {
            return sym;
        }
        self.insert(s, key, hash)
    }

    /// Adds a name that is not in the table (kept out of line: it happens once per name).
    #[inline(never)]
    fn insert(&mut self, s: &str, key: Key, hash: u64) -> Symbol {
        let sym = match static_symbol(s) {
            Some(sym) => sym,
            None => {
                let sym = Symbol((SEED_COUNT + self.ends.len()) as u32);
                self.text.push_str(s);
                self.ends.push(self.text.len() as u32);
                sym
            }
        };
        let entry = Entry {
            key,
            len: s.len() as u32,
            sym,
        };
        let (text, ends) = (&self.text, &self.ends);
        self.table.insert_unique(hash, entry, |e| {
            let t = text_of(text, ends, e.sym).unwrap_or("");
            hash_of(t, e.key)
        });
        sym
    }

    /// The symbol for `s` if it is seeded or has been interned.
    pub fn get(&self, s: &str) -> Option<Symbol> {
        static_symbol(s).or_else(|| {
            let key = key_of(s.as_bytes());
            self.find(s, key, hash_of(s, key))
        })
    }

    #[inline]
    pub fn resolve(&self, sym: Symbol) -> &str {
        text_of(&self.text, &self.ends, sym).unwrap_or("<invalid symbol>")
    }

    /// Every name recorded so far, seeded ones included (order not meaningful). The checker
    /// uses it to declare only the built-in variables a shader can name.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.table.iter().map(|e| self.resolve(e.sym))
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

    #[test]
    fn names_of_every_length_are_told_apart() {
        // Short names differ in one byte at each position (the key's words overlap for some
        // lengths); long names share their first and last 8 bytes and their length.
        let mut i = Interner::new();
        let mut names: Vec<String> = Vec::new();
        for n in 0..=40 {
            let base: String = (0..n).map(|k| (b'a' + (k % 26) as u8) as char).collect();
            names.push(base.clone());
            for pos in 0..n {
                let mut v = base.clone().into_bytes();
                v[pos] = b'Z';
                names.push(String::from_utf8(v).unwrap());
            }
        }
        names.push("xyz".into());
        names.push("xzz".into());
        names.push("xxz".into());
        let syms: Vec<Symbol> = names.iter().map(|n| i.intern(n)).collect();
        for (a, (na, sa)) in names.iter().zip(&syms).enumerate() {
            assert_eq!(i.resolve(*sa), na);
            assert_eq!(i.intern(na), *sa, "{na}");
            assert_eq!(i.get(na), Some(*sa), "{na}");
            for (nb, sb) in names.iter().zip(&syms).skip(a + 1) {
                assert_eq!(na == nb, sa == sb, "{na} {nb}");
            }
        }
        assert_eq!(i.get("never_interned_name_of_some_length"), None);
        assert_eq!(i.get("nope"), None);
        // Every name is listed once, whatever the table's growth.
        let mut listed: Vec<&str> = i.names().collect();
        listed.sort_unstable();
        let mut expected: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
        expected.sort_unstable();
        expected.dedup();
        assert_eq!(listed, expected);
        assert_eq!(i.len(), expected.len());
    }
}

//! Compiles `builtins/functions.glsl` into static Rust tables (`OUT_DIR/builtin_functions.rs`):
//! every generic prototype expanded to concrete signatures, sorted by name, with availability
//! records shared between signatures. See `builtins/README.md` for the format.

#[path = "src/builtin_types.rs"]
#[allow(dead_code)]
mod builtin_types;

use std::collections::BTreeMap;
use std::fmt::Write as _;

use builtin_types::{
    params_key, parse_table_type_name, parse_type_name, BType, BuiltinStruct, Dim, Opaque,
    OpaqueKind, Scalar,
};

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Avail {
    gl: Option<(u16, u16)>,
    es: Option<(u16, u16)>,
    compat: bool,
    exts: Vec<String>,
    /// Extensions of which one must also be enabled (`requires A|B`).
    requires: Vec<String>,
    /// Extensions none of which may be enabled (`unless A|B`).
    unless: Vec<String>,
    stages: u16,
    vulkan: Option<bool>,
}

const STAGES: &[&str] = &[
    "vert", "tesc", "tese", "geom", "frag", "comp", "task", "mesh", "rgen", "rint", "rahit",
    "rchit", "rmiss", "rcall",
];

fn parse_range(s: &str, line: usize) -> (u16, u16) {
    let num = |t: &str| -> u16 {
        t.parse()
            .unwrap_or_else(|_| panic!("functions.glsl:{line}: bad version `{t}`"))
    };
    match s.split_once('-') {
        Some((a, b)) => (num(a), num(b)),
        None => (num(s), u16::MAX),
    }
}

fn parse_header(rest: &str, line: usize) -> Avail {
    let mut a = Avail {
        stages: u16::MAX,
        ..Avail::default()
    };
    let mut words = rest.split_whitespace();
    while let Some(w) = words.next() {
        let mut arg = || {
            words
                .next()
                .unwrap_or_else(|| panic!("functions.glsl:{line}: `{w}` needs a value"))
        };
        match w {
            "gl" => a.gl = Some(parse_range(arg(), line)),
            "es" => a.es = Some(parse_range(arg(), line)),
            "compat" => a.compat = true,
            "ext" => a.exts = arg().split('|').map(str::to_string).collect(),
            "requires" => a.requires = arg().split('|').map(str::to_string).collect(),
            "unless" => a.unless = arg().split('|').map(str::to_string).collect(),
            "stage" => {
                a.stages = 0;
                for s in arg().split('|') {
                    let i = STAGES
                        .iter()
                        .position(|x| *x == s)
                        .unwrap_or_else(|| panic!("functions.glsl:{line}: unknown stage `{s}`"));
                    a.stages |= 1 << i;
                }
            }
            "vulkan" => a.vulkan = Some(true),
            "novulkan" => a.vulkan = Some(false),
            other => panic!("functions.glsl:{line}: unknown availability word `{other}`"),
        }
    }
    a
}

/// A parameter or return type before expansion.
#[derive(Clone, Debug)]
enum Gen {
    Fixed(BType),
    /// gen*Type: scalar and vectors.
    Size(Scalar),
    /// vec/ivec/...: vectors only.
    Vec(Scalar),
    /// mat/dmat/f16mat.
    Mat(Scalar),
    /// g-prefixed: the base name with the prefix removed (`sampler2D`, `vec4`, `scalar`).
    G(String),
}

fn parse_gen(name: &str, line: usize) -> Gen {
    let size = |s| Gen::Size(s);
    match name {
        "genFType" => return size(Scalar::F32),
        "genDType" => return size(Scalar::F64),
        "genIType" => return size(Scalar::I32),
        "genUType" => return size(Scalar::U32),
        "genBType" => return size(Scalar::Bool),
        "genF16Type" => return size(Scalar::F16),
        "genI8Type" => return size(Scalar::I8),
        "genU8Type" => return size(Scalar::U8),
        "genI16Type" => return size(Scalar::I16),
        "genU16Type" => return size(Scalar::U16),
        "genI64Type" => return size(Scalar::I64),
        "genU64Type" => return size(Scalar::U64),
        "vec" => return Gen::Vec(Scalar::F32),
        "dvec" => return Gen::Vec(Scalar::F64),
        "ivec" => return Gen::Vec(Scalar::I32),
        "uvec" => return Gen::Vec(Scalar::U32),
        "bvec" => return Gen::Vec(Scalar::Bool),
        "f16vec" => return Gen::Vec(Scalar::F16),
        "i64vec" => return Gen::Vec(Scalar::I64),
        "u64vec" => return Gen::Vec(Scalar::U64),
        "mat" => return Gen::Mat(Scalar::F32),
        "dmat" => return Gen::Mat(Scalar::F64),
        "f16mat" => return Gen::Mat(Scalar::F16),
        "gscalar" => return Gen::G("scalar".into()),
        _ => {}
    }
    if let Some(b) = parse_table_type_name(name) {
        return Gen::Fixed(b);
    }
    if let Some(base) = name.strip_prefix('g') {
        if parse_type_name(base).is_some() {
            return Gen::G(base.to_string());
        }
    }
    panic!("functions.glsl:{line}: unknown type `{name}`")
}

#[derive(Clone, Debug)]
struct ParamSpec {
    ty: Gen,
    qual: u8, // 0 in, 1 out, 2 inout
    flags: u8,
    /// Array length of an array parameter (`const ivec2 offsets[4]`), 0 otherwise.
    array: u8,
}

const F_CONST: u8 = 1;
const F_HIGHP: u8 = 2;
const F_MEDIUMP: u8 = 4;
const F_LOWP: u8 = 8;
const F_COHERENT: u8 = 16;
const F_VOLATILE: u8 = 32;
const F_READONLY: u8 = 64;
const F_WRITEONLY: u8 = 128;

struct Proto {
    ret: Gen,
    ret_flags: u8,
    name: String,
    params: Vec<ParamSpec>,
    avail: usize,
}

/// One concrete overload: return type, parameter types, and the prototype it came from.
type Expanded<'a> = (BType, Vec<BType>, &'a Proto);

fn parse_proto(text: &str, line: usize, avail: usize) -> Proto {
    let text = text.trim().trim_end_matches(';').trim();
    let open = text
        .find('(')
        .unwrap_or_else(|| panic!("functions.glsl:{line}: expected `(`"));
    let close = text
        .rfind(')')
        .unwrap_or_else(|| panic!("functions.glsl:{line}: expected `)`"));
    let head: Vec<&str> = text[..open].split_whitespace().collect();
    let (name, ret_words) = head
        .split_last()
        .unwrap_or_else(|| panic!("functions.glsl:{line}: missing name"));
    let mut ret_flags = 0;
    let mut ret = None;
    for w in ret_words {
        match *w {
            "highp" => ret_flags |= F_HIGHP,
            "mediump" => ret_flags |= F_MEDIUMP,
            "lowp" => ret_flags |= F_LOWP,
            t => ret = Some(parse_gen(t, line)),
        }
    }
    let ret = ret.unwrap_or_else(|| panic!("functions.glsl:{line}: missing return type"));
    let mut params = Vec::new();
    let inner = text[open + 1..close].trim();
    if !inner.is_empty() && inner != "void" {
        for p in inner.split(',') {
            let mut qual = 0;
            let mut flags = 0;
            let mut ty = None;
            let mut array = 0u8;
            for w in p.split_whitespace() {
                // `name[N]` (or `type[N]`): an array parameter.
                let w = match w.split_once('[') {
                    Some((head, dim)) => {
                        array = dim.trim_end_matches(']').parse().unwrap_or_else(|_| {
                            panic!("functions.glsl:{line}: bad array size in `{w}`")
                        });
                        head
                    }
                    None => w,
                };
                if w.is_empty() {
                    continue;
                }
                match w {
                    "in" => qual = 0,
                    "out" => qual = 1,
                    "inout" => qual = 2,
                    "const" => flags |= F_CONST,
                    "highp" => flags |= F_HIGHP,
                    "mediump" => flags |= F_MEDIUMP,
                    "lowp" => flags |= F_LOWP,
                    "coherent" => flags |= F_COHERENT,
                    "volatile" => flags |= F_VOLATILE,
                    "restrict" => {}
                    "readonly" => flags |= F_READONLY,
                    "writeonly" => flags |= F_WRITEONLY,
                    t if ty.is_none() => ty = Some(parse_gen(t, line)),
                    _ => {} // the parameter name
                }
            }
            params.push(ParamSpec {
                ty: ty.unwrap_or_else(|| panic!("functions.glsl:{line}: parameter without a type")),
                qual,
                flags,
                array,
            });
        }
    }
    Proto {
        ret,
        ret_flags,
        name: name.to_string(),
        params,
        avail,
    }
}

/// One expansion choice: component count and `g` prefix.
fn concrete(g: &Gen, n: u8, mat: (u8, u8), prefix: usize) -> BType {
    match g {
        Gen::Fixed(b) => *b,
        Gen::Size(s) => {
            if n == 1 {
                BType::Scalar(*s)
            } else {
                BType::Vector(*s, n)
            }
        }
        Gen::Vec(s) => BType::Vector(*s, n),
        Gen::Mat(s) => BType::Matrix(*s, mat.0, mat.1),
        Gen::G(base) => {
            let p = ["", "i", "u"][prefix];
            if base == "scalar" {
                return BType::Scalar([Scalar::F32, Scalar::I32, Scalar::U32][prefix]);
            }
            parse_type_name(&format!("{p}{base}")).unwrap_or_else(|| panic!("no type {p}{base}"))
        }
    }
}

fn expand(p: &Proto) -> Vec<(BType, Vec<BType>)> {
    let all: Vec<&Gen> = std::iter::once(&p.ret)
        .chain(p.params.iter().map(|x| &x.ty))
        .collect();
    let has_size = all.iter().any(|g| matches!(g, Gen::Size(_)));
    let has_vec = all.iter().any(|g| matches!(g, Gen::Vec(_)));
    let has_mat = all.iter().any(|g| matches!(g, Gen::Mat(_)));
    let has_g = all.iter().any(|g| matches!(g, Gen::G(_)));
    let sizes: Vec<u8> = if has_vec {
        vec![2, 3, 4]
    } else if has_size {
        vec![1, 2, 3, 4]
    } else {
        vec![1]
    };
    let mats: Vec<(u8, u8)> = if has_mat {
        let mut v = Vec::new();
        for c in 2..=4 {
            for r in 2..=4 {
                v.push((c, r));
            }
        }
        v
    } else {
        vec![(0, 0)]
    };
    let prefixes: Vec<usize> = if has_g { vec![0, 1, 2] } else { vec![0] };
    let mut out = Vec::new();
    for &n in &sizes {
        for &m in &mats {
            for &pr in &prefixes {
                let ret = concrete(&p.ret, n, m, pr);
                let params = p.params.iter().map(|x| concrete(&x.ty, n, m, pr)).collect();
                out.push((ret, params));
            }
        }
    }
    out
}

fn scalar_expr(s: Scalar) -> String {
    format!("Scalar::{s:?}")
}

fn btype_expr(b: &BType) -> String {
    match b {
        BType::Void => "BType::Void".into(),
        BType::Scalar(s) => format!("BType::Scalar({})", scalar_expr(*s)),
        BType::Vector(s, n) => format!("BType::Vector({}, {n})", scalar_expr(*s)),
        BType::Matrix(s, c, r) => format!("BType::Matrix({}, {c}, {r})", scalar_expr(*s)),
        BType::Opaque(Opaque {
            kind,
            dim,
            arrayed,
            ms,
            shadow,
            sampled,
        }) => format!(
            "BType::Opaque(Opaque {{ kind: OpaqueKind::{}, dim: Dim::{}, arrayed: {arrayed}, ms: {ms}, shadow: {shadow}, sampled: {} }})",
            match kind {
                OpaqueKind::Sampler => "Sampler",
                OpaqueKind::Texture => "Texture",
                OpaqueKind::Image => "Image",
                OpaqueKind::Input => "Input",
            },
            match dim {
                Dim::D1 => "D1",
                Dim::D2 => "D2",
                Dim::D3 => "D3",
                Dim::Cube => "Cube",
                Dim::Rect => "Rect",
                Dim::Buffer => "Buffer",
                Dim::External => "External",
                Dim::ExternalY2Y => "ExternalY2Y",
                Dim::Subpass => "Subpass",
                Dim::TileAttachment => "TileAttachment",
            },
            scalar_expr(*sampled)
        ),
        BType::SamplerState { shadow } => format!("BType::SamplerState {{ shadow: {shadow} }}"),
        BType::AtomicUint => "BType::AtomicUint".into(),
        BType::AccelerationStructure => "BType::AccelerationStructure".into(),
        BType::RayQuery => "BType::RayQuery".into(),
        BType::HitObjectNV => "BType::HitObjectNV".into(),
        BType::HitObjectEXT => "BType::HitObjectEXT".into(),
        BType::Struct(s) => format!(
            "BType::Struct(BuiltinStruct::{})",
            match s {
                BuiltinStruct::TextureFootprint2DNV => "TextureFootprint2DNV",
                BuiltinStruct::TextureFootprint3DNV => "TextureFootprint3DNV",
            }
        ),
    }
}

fn main() {
    println!("cargo:rerun-if-changed=builtins");
    println!("cargo:rerun-if-changed=builtins/variables.glsl");
    println!("cargo:rerun-if-changed=src/builtin_types.rs");
    // Every builtins/functions*.glsl, in name order.
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir("builtins")
        .expect("read builtins/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let n = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            n.starts_with("functions") && n.ends_with(".glsl")
        })
        .collect();
    files.sort();
    let mut avails: Vec<Avail> = Vec::new();
    let mut protos = Vec::new();
    for file in &files {
        println!("cargo:rerun-if-changed={}", file.display());
        let text = std::fs::read_to_string(file).expect("read a builtins file");
        let mut current: Option<usize> = None;
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let l = raw.split("//").next().unwrap_or("").trim();
            if l.is_empty() {
                continue;
            }
            if let Some(rest) = l.strip_prefix('@') {
                let a = parse_header(rest, line);
                let idx = match avails.iter().position(|x| *x == a) {
                    Some(i) => i,
                    None => {
                        avails.push(a);
                        avails.len() - 1
                    }
                };
                current = Some(idx);
                continue;
            }
            let avail = current.unwrap_or_else(|| {
                panic!(
                    "{}:{line}: declaration before any `@` header",
                    file.display()
                )
            });
            protos.push(parse_proto(l, line, avail));
        }
    }
    // Variable sections: the text under each header, kept as GLSL source.
    let vtext =
        std::fs::read_to_string("builtins/variables.glsl").expect("read builtins/variables.glsl");
    // Headers on consecutive lines (comments between them aside) share the declarations that
    // follow: one section under each, as if written out for each in turn.
    let mut raw_sections: Vec<RawSection> = Vec::new();
    for (i, raw) in vtext.lines().enumerate() {
        let line = i + 1;
        let l = raw.trim();
        if let Some(rest) = l.strip_prefix('@') {
            let header = (parse_header(rest, line), line);
            match raw_sections.last_mut() {
                Some((headers, body)) if body.is_empty() => headers.push(header),
                _ => raw_sections.push((vec![header], Vec::new())),
            }
            continue;
        }
        if l.is_empty() || l.starts_with("//") {
            continue;
        }
        let Some(last) = raw_sections.last_mut() else {
            panic!("variables.glsl:{line}: declaration before any `@` header");
        };
        last.1.push(raw);
    }
    let mut sections: Vec<(usize, String)> = Vec::new();
    for (headers, body) in raw_sections {
        for (a, line) in headers {
            for (a, text) in member_variants(a, line, &body) {
                let idx = match avails.iter().position(|x| *x == a) {
                    Some(i) => i,
                    None => {
                        avails.push(a);
                        avails.len() - 1
                    }
                };
                sections.push((idx, text));
            }
        }
    }
    // Expand and group by name (BTreeMap: sorted, deterministic).
    let mut by_name: BTreeMap<String, Vec<Expanded>> = BTreeMap::new();
    for p in &protos {
        for (ret, params) in expand(p) {
            by_name
                .entry(p.name.clone())
                .or_default()
                .push((ret, params, p));
        }
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "// Generated by build.rs from builtins/functions.glsl. Do not edit."
    );
    let _ = writeln!(
        out,
        "pub static AVAILABILITY: [Availability; {}] = [",
        avails.len()
    );
    for a in &avails {
        let range = |r: Option<(u16, u16)>| match r {
            Some((a, b)) => format!("Some(({a}, {b}))"),
            None => "None".into(),
        };
        let _ = writeln!(
            out,
            "    Availability {{ gl: {}, es: {}, compat: {}, exts: &[{}], requires: &[{}], unless: &[{}], stages: {}, vulkan: {:?} }},",
            range(a.gl),
            range(a.es),
            a.compat,
            a.exts.iter().map(|e| format!("{e:?}")).collect::<Vec<_>>().join(", "),
            a.requires.iter().map(|e| format!("{e:?}")).collect::<Vec<_>>().join(", "),
            a.unless.iter().map(|e| format!("{e:?}")).collect::<Vec<_>>().join(", "),
            a.stages,
            a.vulkan
        );
    }
    let _ = writeln!(out, "];");
    let mut count = 0usize;
    let _ = writeln!(out, "pub static SIGNATURES: &[Signature] = &[");
    let mut ranges = Vec::new();
    let mut keys = Vec::new();
    for (name, sigs) in &by_name {
        let start = count;
        for (ret, params, p) in sigs {
            keys.push(params_key(params.iter().copied()));
            let ps: Vec<String> = params
                .iter()
                .zip(&p.params)
                .map(|(t, spec)| {
                    format!(
                        "ParamSpec {{ ty: {}, qual: {}, flags: {}, array: {} }}",
                        btype_expr(t),
                        ["ParamQual::In", "ParamQual::Out", "ParamQual::InOut"][spec.qual as usize],
                        spec.flags,
                        spec.array
                    )
                })
                .collect();
            let _ = writeln!(
                out,
                "    Signature {{ name: {name:?}, ret: {}, ret_flags: {}, params: &[{}], avail: {} }},",
                btype_expr(ret),
                p.ret_flags,
                ps.join(", "),
                p.avail
            );
            count += 1;
        }
        ranges.push((name.clone(), start, count - start));
    }
    let _ = writeln!(out, "];");
    let _ = writeln!(out, "pub static SIG_KEYS: [u32; {}] = [", keys.len());
    for k in &keys {
        let _ = writeln!(out, "    {k:#x},");
    }
    let _ = writeln!(out, "];");
    let _ = writeln!(
        out,
        "pub static NAMES: [(&str, u32, u32); {}] = [",
        ranges.len()
    );
    for (n, s, l) in &ranges {
        let _ = writeln!(out, "    ({n:?}, {s}, {l}),");
    }
    let _ = writeln!(out, "];");
    emit_variable_tables(&mut out, &sections);
    let out_dir = std::env::var("OUT_DIR").expect("OUT_DIR");
    std::fs::write(format!("{out_dir}/builtin_functions.rs"), out).expect("write generated table");
    // Flags, for the runtime module's consts to agree with.
    let _ = (
        F_CONST,
        F_HIGHP,
        F_MEDIUMP,
        F_LOWP,
        F_COHERENT,
        F_VOLATILE,
        F_READONLY,
        F_WRITEONLY,
    );
}

/// One top-level declaration of `variables.glsl`.
struct VarDecl {
    avail: usize,
    text: String,
    /// `gl_` names it declares (variables, blocks, block members, struct types).
    declares: Vec<String>,
    /// `gl_` names it uses (array sizes, struct types, initializers).
    uses: Vec<String>,
    /// `const int NAME = N;` / `const ivec3 NAME = ivec3(A, B, C);`: the name and value.
    int_const: Option<(String, Vec<i64>)>,
}

/// A token of the tiny lexer below: an identifier or number, or one punctuation character.
/// A variables.glsl section as written: its headers (availability, line) and its lines.
type RawSection<'a> = (Vec<(Avail, usize)>, Vec<&'a str>);

/// The sections a variables.glsl section stands for. A line ending in `@requires A|B` (a
/// member a built-in block gains with an extension) makes two: without those lines under the
/// header plus `unless A|B`, and with them (the marker cut) under the header plus
/// `requires A|B`, in that order, as if both had been written out.
fn member_variants(a: Avail, line: usize, body: &[&str]) -> Vec<(Avail, String)> {
    const MARK: &str = " @requires ";
    let mut exts: Option<&str> = None;
    for l in body {
        if let Some((_, e)) = l.split_once(MARK) {
            let e = e.trim();
            if exts.is_some_and(|x| x != e) {
                panic!("variables.glsl:{line}: one section's `@requires` lines must name the same extensions");
            }
            exts = Some(e);
        }
    }
    let join = |keep: &dyn Fn(&str) -> Option<String>| -> String {
        let mut t = String::new();
        for l in body {
            if let Some(l) = keep(l) {
                t.push_str(&l);
                t.push('\n');
            }
        }
        t
    };
    let Some(exts) = exts else {
        return vec![(a, join(&|l| Some(l.to_string())))];
    };
    if !a.requires.is_empty() || !a.unless.is_empty() {
        panic!("variables.glsl:{line}: `@requires` lines in a section with `requires` or `unless`");
    }
    let list: Vec<String> = exts.split('|').map(str::to_string).collect();
    let without = Avail {
        unless: list.clone(),
        ..a.clone()
    };
    let with = Avail {
        requires: list,
        ..a
    };
    vec![
        (
            without,
            join(&|l| (!l.contains(MARK)).then(|| l.to_string())),
        ),
        (
            with,
            join(&|l| Some(l.split_once(MARK).map_or(l, |(m, _)| m).to_string())),
        ),
    ]
}

fn var_tokens(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c.is_ascii_alphanumeric() || c == b'_' {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push((start, &text[start..i]));
        } else {
            out.push((i, &text[i..i + 1]));
            i += 1;
        }
    }
    out
}

fn parse_int_literal(t: &str) -> Option<i64> {
    if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        i64::from_str_radix(h, 16).ok()
    } else {
        t.parse().ok()
    }
}

/// The value of `const [precision] int|ivec3 NAME = VALUE;` (tokens of one declaration).
fn int_const_value(toks: &[&str]) -> Option<(String, Vec<i64>)> {
    let mut t = toks;
    if t.first() != Some(&"const") {
        return None;
    }
    t = &t[1..];
    if matches!(t.first(), Some(&("highp" | "mediump" | "lowp"))) {
        t = &t[1..];
    }
    let ty = *t.first()?;
    let name = t.get(1)?.to_string();
    if t.get(2) != Some(&"=") {
        return None;
    }
    let rest = &t[3..];
    let lit = |toks: &[&str]| -> Option<(i64, usize)> {
        match toks.first() {
            Some(&"-") => parse_int_literal(toks.get(1)?).map(|v| (-v, 2)),
            Some(x) => parse_int_literal(x).map(|v| (v, 1)),
            None => None,
        }
    };
    match ty {
        "int" => {
            let (v, n) = lit(rest)?;
            (rest.get(n) == Some(&";")).then(|| (name, vec![v]))
        }
        "ivec3" => {
            if rest.first() != Some(&"ivec3") || rest.get(1) != Some(&"(") {
                return None;
            }
            let mut vals = Vec::new();
            let mut k = 2;
            loop {
                let (v, n) = lit(&rest[k..])?;
                vals.push(v);
                k += n;
                match rest.get(k) {
                    Some(&",") => k += 1,
                    Some(&")") => break,
                    _ => return None,
                }
            }
            (vals.len() == 3 && rest.get(k + 1) == Some(&";")).then_some((name, vals))
        }
        _ => None,
    }
}

/// Splits the variable sections into top-level declarations and finds the `gl_` names each
/// declares and uses. A `gl_` identifier is a use inside `(...)`/`[...]`, in an initializer,
/// or when an identifier follows it (a struct type name); otherwise it is declared.
fn split_variable_decls(sections: &[(usize, String)]) -> Vec<VarDecl> {
    let mut decls = Vec::new();
    for (avail, text) in sections {
        let spans = var_tokens(text);
        let toks: Vec<&str> = spans.iter().map(|&(_, t)| t).collect();
        let mut start = 0;
        let (mut braces, mut parens) = (0i32, 0i32);
        let mut in_init = false;
        let mut declares = Vec::new();
        let mut uses = Vec::new();
        for (k, &t) in toks.iter().enumerate() {
            match t {
                "{" => braces += 1,
                "}" => braces -= 1,
                "(" | "[" => parens += 1,
                ")" | "]" => parens -= 1,
                "=" if parens == 0 => in_init = true,
                "," if parens == 0 => in_init = false,
                ";" => in_init = false,
                _ => {}
            }
            if t.starts_with("gl_") {
                let next_is_ident = toks
                    .get(k + 1)
                    .is_some_and(|n| n.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'));
                if parens > 0 || in_init || next_is_ident {
                    uses.push(t.to_string());
                } else {
                    declares.push(t.to_string());
                }
            }
            if t == ";" && braces == 0 && parens == 0 {
                let part = &toks[start..=k];
                decls.push(VarDecl {
                    avail: *avail,
                    text: text[spans[start].0..=spans[k].0].to_string() + "\n",
                    declares: std::mem::take(&mut declares),
                    uses: std::mem::take(&mut uses),
                    int_const: int_const_value(part),
                });
                start = k + 1;
            }
        }
        assert!(
            start == toks.len() && braces == 0 && parens == 0,
            "variables.glsl: a section ends inside a declaration: {text}"
        );
    }
    decls
}

/// `VARIABLE_DECLS` (availability, text), `VARIABLE_DEPS` (for each declaration, those of the
/// names it uses, transitively), `VARIABLE_NAMES` (each `gl_` name with the declarations
/// declaring it) and `VARIABLE_INT_CONSTS`.
fn emit_variable_tables(out: &mut String, sections: &[(usize, String)]) {
    let decls = split_variable_decls(sections);
    let mut declared_by: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (i, d) in decls.iter().enumerate() {
        for n in &d.declares {
            let v = declared_by.entry(n.as_str()).or_default();
            if !v.contains(&i) {
                v.push(i);
            }
        }
    }
    // The declarations one declaration needs, in file order.
    let closure = |root: usize| -> Vec<usize> {
        let mut seen = vec![false; decls.len()];
        let mut stack = vec![root];
        while let Some(d) = stack.pop() {
            if std::mem::replace(&mut seen[d], true) {
                continue;
            }
            for u in &decls[d].uses {
                let Some(by) = declared_by.get(u.as_str()) else {
                    panic!("variables.glsl: `{u}` is used but never declared");
                };
                for &x in by {
                    assert!(x < d, "variables.glsl: `{u}` is used before it is declared");
                    stack.push(x);
                }
            }
        }
        (0..decls.len()).filter(|&i| seen[i] && i != root).collect()
    };
    // Every declaration's text end to end in one string (the run time names this text
    // without copying it), and each one's availability and byte range in it.
    let mut all_text = String::new();
    let mut ranges = Vec::new();
    for d in &decls {
        let start = all_text.len();
        all_text.push_str(&d.text);
        ranges.push((d.avail, start, all_text.len()));
    }
    let _ = writeln!(out, "pub static VARIABLE_TEXT: &str = {all_text:?};");
    let _ = writeln!(
        out,
        "pub static VARIABLE_DECLS: [(u16, u32, u32); {}] = [",
        decls.len()
    );
    for (avail, start, end) in ranges {
        let _ = writeln!(out, "    ({avail}, {start}, {end}),");
    }
    let _ = writeln!(out, "];");
    // Each declaration's tokens as the lexer makes them (performance: a shader naming a
    // built-in does not lex its declaration): kind, flags, byte range in the declaration's
    // text. The first token is flagged as one following the previous declaration's newline.
    let _ = writeln!(
        out,
        "pub static VARIABLE_TOKENS: [&[(TokenKind, u8, u16, u16)]; {}] = [",
        decls.len()
    );
    for d in &decls {
        let _ = write!(out, "    &[");
        let mut prev_end = 0usize;
        for (k, &(start, t)) in var_tokens(&d.text).iter().enumerate() {
            let gap = &d.text[prev_end..start];
            // LINE_START = 1, SPACE_BEFORE = 2 (fresnel_syntax::token::TokenFlags).
            let flags = if k == 0 {
                3
            } else {
                u8::from(gap.contains('\n')) | (u8::from(!gap.is_empty()) << 1)
            };
            let kind = match t.as_bytes()[0] {
                b'0'..=b'9' => "IntLit",
                c if c.is_ascii_alphabetic() || c == b'_' => "Ident",
                b'(' => "LParen",
                b')' => "RParen",
                b'[' => "LBracket",
                b']' => "RBracket",
                b'{' => "LBrace",
                b'}' => "RBrace",
                b',' => "Comma",
                b';' => "Semi",
                b'=' => "Eq",
                b'-' => "Minus",
                _ => panic!("variables.glsl: unexpected token `{t}`"),
            };
            let _ = write!(
                out,
                "(TokenKind::{kind}, {flags}, {start}, {}), ",
                start + t.len()
            );
            prev_end = start + t.len();
        }
        let _ = writeln!(out, "],");
    }
    let _ = writeln!(out, "];");
    let _ = writeln!(
        out,
        "pub static VARIABLE_DEPS: [&[u16]; {}] = [",
        decls.len()
    );
    for i in 0..decls.len() {
        let list: Vec<String> = closure(i).iter().map(|d| d.to_string()).collect();
        let _ = writeln!(out, "    &[{}],", list.join(", "));
    }
    let _ = writeln!(out, "];");
    let _ = writeln!(
        out,
        "pub static VARIABLE_NAMES: [(&str, &[u16]); {}] = [",
        declared_by.len()
    );
    for (name, by) in &declared_by {
        let list: Vec<String> = by.iter().map(|d| d.to_string()).collect();
        let _ = writeln!(out, "    ({name:?}, &[{}]),", list.join(", "));
    }
    let _ = writeln!(out, "];");
    let consts: Vec<(&String, &Vec<i64>, usize)> = decls
        .iter()
        .filter_map(|d| d.int_const.as_ref().map(|(n, v)| (n, v, d.avail)))
        .collect();
    let _ = writeln!(
        out,
        "pub static VARIABLE_INT_CONSTS: [(&str, u16, &[i64]); {}] = [",
        consts.len()
    );
    for (n, v, a) in consts {
        let vals: Vec<String> = v.iter().map(|x| x.to_string()).collect();
        let _ = writeln!(out, "    ({n:?}, {a}, &[{}]),", vals.join(", "));
    }
    let _ = writeln!(out, "];");
}

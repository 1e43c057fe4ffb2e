//! Compiles `builtins/functions.glsl` into static Rust tables (`OUT_DIR/builtin_functions.rs`):
//! every generic prototype expanded to concrete signatures, sorted by name, with availability
//! records shared between signatures. See `builtins/README.md` for the format.

#[path = "src/builtin_types.rs"]
#[allow(dead_code)]
mod builtin_types;

use std::collections::BTreeMap;
use std::fmt::Write as _;

use builtin_types::{parse_type_name, BType, Dim, Opaque, OpaqueKind, Scalar};

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Avail {
    gl: Option<(u16, u16)>,
    es: Option<(u16, u16)>,
    compat: bool,
    exts: Vec<String>,
    /// Extensions of which one must also be enabled (`requires A|B`).
    requires: Vec<String>,
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
    if let Some(b) = parse_type_name(name) {
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
    let mut sections: Vec<(usize, String)> = Vec::new();
    for (i, raw) in vtext.lines().enumerate() {
        let line = i + 1;
        let l = raw.trim();
        if let Some(rest) = l.strip_prefix('@') {
            let a = parse_header(rest, line);
            let idx = match avails.iter().position(|x| *x == a) {
                Some(i) => i,
                None => {
                    avails.push(a);
                    avails.len() - 1
                }
            };
            sections.push((idx, String::new()));
            continue;
        }
        if l.is_empty() || l.starts_with("//") {
            continue;
        }
        let Some(last) = sections.last_mut() else {
            panic!("variables.glsl:{line}: declaration before any `@` header");
        };
        last.1.push_str(raw);
        last.1.push('\n');
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
            "    Availability {{ gl: {}, es: {}, compat: {}, exts: &[{}], requires: &[{}], stages: {}, vulkan: {:?} }},",
            range(a.gl),
            range(a.es),
            a.compat,
            a.exts.iter().map(|e| format!("{e:?}")).collect::<Vec<_>>().join(", "),
            a.requires.iter().map(|e| format!("{e:?}")).collect::<Vec<_>>().join(", "),
            a.stages,
            a.vulkan
        );
    }
    let _ = writeln!(out, "];");
    let mut count = 0usize;
    let _ = writeln!(out, "pub static SIGNATURES: &[Signature] = &[");
    let mut ranges = Vec::new();
    for (name, sigs) in &by_name {
        let start = count;
        for (ret, params, p) in sigs {
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
    let _ = writeln!(
        out,
        "pub static NAMES: [(&str, u32, u32); {}] = [",
        ranges.len()
    );
    for (n, s, l) in &ranges {
        let _ = writeln!(out, "    ({n:?}, {s}, {l}),");
    }
    let _ = writeln!(out, "];");
    let _ = writeln!(
        out,
        "pub static VARIABLE_SECTIONS: [(u16, &str); {}] = [",
        sections.len()
    );
    for (a, t) in &sections {
        let _ = writeln!(out, "    ({a}, {t:?}),");
    }
    let _ = writeln!(out, "];");
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

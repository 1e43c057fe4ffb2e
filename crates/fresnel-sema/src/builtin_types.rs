//! The vocabulary of built-in type names: `vec3`, `i64vec2`, `f16mat3x2`, `usampler2DMSArray`,
//! `image2D`, `textureCube`, `subpassInputMS`, `accelerationStructureEXT`, ...
//!
//! [`parse_type_name`] turns any such name into a [`BType`] by its grammar, so one function
//! serves the keywords of core GLSL, the names extensions add, and the build script that
//! compiles the built-in function table. (This file has no dependencies: `build.rs` includes it
//! with `#[path]`.) Whether a name may be used in a given version and with which extensions is
//! decided elsewhere (`types::type_name_availability`).

/// A scalar type.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Scalar {
    Bool,
    I8,
    I16,
    I32,
    I64,
    U8,
    U16,
    U32,
    U64,
    F16,
    F32,
    F64,
    BF16,
    FE5M2,
    FE4M3,
}

impl Scalar {
    pub fn is_float(self) -> bool {
        matches!(
            self,
            Scalar::F16 | Scalar::F32 | Scalar::F64 | Scalar::BF16 | Scalar::FE5M2 | Scalar::FE4M3
        )
    }
    pub fn is_int(self) -> bool {
        matches!(
            self,
            Scalar::I8
                | Scalar::I16
                | Scalar::I32
                | Scalar::I64
                | Scalar::U8
                | Scalar::U16
                | Scalar::U32
                | Scalar::U64
        )
    }
    pub fn is_signed_int(self) -> bool {
        matches!(self, Scalar::I8 | Scalar::I16 | Scalar::I32 | Scalar::I64)
    }
    pub fn is_unsigned_int(self) -> bool {
        matches!(self, Scalar::U8 | Scalar::U16 | Scalar::U32 | Scalar::U64)
    }
    /// Size in bits (bool counts as 32, as it is stored).
    pub fn bits(self) -> u32 {
        match self {
            Scalar::I8 | Scalar::U8 | Scalar::FE5M2 | Scalar::FE4M3 => 8,
            Scalar::I16 | Scalar::U16 | Scalar::F16 | Scalar::BF16 => 16,
            Scalar::Bool | Scalar::I32 | Scalar::U32 | Scalar::F32 => 32,
            Scalar::I64 | Scalar::U64 | Scalar::F64 => 64,
        }
    }
    /// The scalar type's GLSL name.
    pub fn name(self) -> &'static str {
        match self {
            Scalar::Bool => "bool",
            Scalar::I8 => "int8_t",
            Scalar::I16 => "int16_t",
            Scalar::I32 => "int",
            Scalar::I64 => "int64_t",
            Scalar::U8 => "uint8_t",
            Scalar::U16 => "uint16_t",
            Scalar::U32 => "uint",
            Scalar::U64 => "uint64_t",
            Scalar::F16 => "float16_t",
            Scalar::F32 => "float",
            Scalar::F64 => "double",
            Scalar::BF16 => "bfloat16_t",
            Scalar::FE5M2 => "floate5m2_t",
            Scalar::FE4M3 => "floate4m3_t",
        }
    }
    /// The prefix of this scalar's vector names (`vec`, `ivec`, `f16vec`, ...).
    pub fn vector_prefix(self) -> &'static str {
        match self {
            Scalar::Bool => "b",
            Scalar::I8 => "i8",
            Scalar::I16 => "i16",
            Scalar::I32 => "i",
            Scalar::I64 => "i64",
            Scalar::U8 => "u8",
            Scalar::U16 => "u16",
            Scalar::U32 => "u",
            Scalar::U64 => "u64",
            Scalar::F16 => "f16",
            Scalar::F32 => "",
            Scalar::F64 => "d",
            Scalar::BF16 => "bf16",
            Scalar::FE5M2 => "fe5m2",
            Scalar::FE4M3 => "fe4m3",
        }
    }
    pub const ALL: [Scalar; 15] = [
        Scalar::Bool,
        Scalar::I8,
        Scalar::I16,
        Scalar::I32,
        Scalar::I64,
        Scalar::U8,
        Scalar::U16,
        Scalar::U32,
        Scalar::U64,
        Scalar::F16,
        Scalar::F32,
        Scalar::F64,
        Scalar::BF16,
        Scalar::FE5M2,
        Scalar::FE4M3,
    ];
}

/// The dimensionality of a sampler, texture or image.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Dim {
    D1,
    D2,
    D3,
    Cube,
    Rect,
    Buffer,
    /// `samplerExternalOES`
    External,
    /// `__samplerExternal2DY2YEXT`
    ExternalY2Y,
    /// `subpassInput`
    Subpass,
    /// `attachmentEXT` (GL_EXT_shader_tile_image)
    TileAttachment,
}

/// What kind of opaque resource.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum OpaqueKind {
    /// A combined image and sampler (`sampler2D`).
    Sampler,
    /// A sampled image without a sampler (`texture2D` in Vulkan GLSL).
    Texture,
    /// A storage image (`image2D`).
    Image,
    /// A subpass input (`subpassInput`) or tile-image attachment.
    Input,
}

/// A sampler, texture, image or subpass-input type.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Opaque {
    pub kind: OpaqueKind,
    pub dim: Dim,
    pub arrayed: bool,
    pub ms: bool,
    pub shadow: bool,
    /// The component type of the result: F32, I32, U32, F16, I64, U64.
    pub sampled: Scalar,
}

/// A built-in type.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum BType {
    Void,
    Scalar(Scalar),
    /// Two to four components.
    Vector(Scalar, u8),
    /// Columns, rows.
    Matrix(Scalar, u8, u8),
    Opaque(Opaque),
    /// The Vulkan `sampler` / `samplerShadow` (a sampler without an image).
    SamplerState {
        shadow: bool,
    },
    AtomicUint,
    AccelerationStructure,
    RayQuery,
    HitObjectNV,
    HitObjectEXT,
    /// A structure the implementation declares (`builtins/variables.glsl`), named in the
    /// function table by its name (see [`BuiltinStruct`]).
    Struct(BuiltinStruct),
}

/// The built-in structure types the function table names: each is declared in
/// `builtins/variables.glsl` (with the availability there), and the checker binds the
/// declared type to its entry here when it declares it. Not a type name
/// [`parse_type_name`] knows: a shader names it through the declaration, which exists only
/// where its extension is enabled.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum BuiltinStruct {
    /// `gl_TextureFootprint2DNV` (GL_NV_shader_texture_footprint).
    TextureFootprint2DNV,
    /// `gl_TextureFootprint3DNV` (GL_NV_shader_texture_footprint).
    TextureFootprint3DNV,
}

impl BuiltinStruct {
    pub const ALL: [BuiltinStruct; 2] = [
        BuiltinStruct::TextureFootprint2DNV,
        BuiltinStruct::TextureFootprint3DNV,
    ];

    /// The structure's GLSL name.
    pub fn name(self) -> &'static str {
        match self {
            BuiltinStruct::TextureFootprint2DNV => "gl_TextureFootprint2DNV",
            BuiltinStruct::TextureFootprint3DNV => "gl_TextureFootprint3DNV",
        }
    }

    pub fn from_name(name: &str) -> Option<BuiltinStruct> {
        BuiltinStruct::ALL.into_iter().find(|s| s.name() == name)
    }
}

const DIMS: &[(&str, Dim)] = &[
    ("1D", Dim::D1),
    ("2DRect", Dim::Rect),
    ("2D", Dim::D2),
    ("3D", Dim::D3),
    ("Cube", Dim::Cube),
    ("Buffer", Dim::Buffer),
];

fn vector_size(s: &str) -> Option<u8> {
    match s {
        "2" => Some(2),
        "3" => Some(3),
        "4" => Some(4),
        _ => None,
    }
}

fn scalar_from_vector_prefix(p: &str) -> Option<Scalar> {
    Scalar::ALL.iter().copied().find(|s| s.vector_prefix() == p)
}

fn scalar_from_name(n: &str) -> Option<Scalar> {
    Some(match n {
        "bool" => Scalar::Bool,
        "int" | "int32_t" => Scalar::I32,
        "uint" | "uint32_t" => Scalar::U32,
        "float" | "float32_t" => Scalar::F32,
        "double" | "float64_t" => Scalar::F64,
        "int8_t" => Scalar::I8,
        "int16_t" => Scalar::I16,
        "int64_t" => Scalar::I64,
        "uint8_t" => Scalar::U8,
        "uint16_t" => Scalar::U16,
        "uint64_t" => Scalar::U64,
        "float16_t" => Scalar::F16,
        "bfloat16_t" => Scalar::BF16,
        "floate5m2_t" => Scalar::FE5M2,
        "floate4m3_t" => Scalar::FE4M3,
        _ => return None,
    })
}

/// `mat3`, `mat2x4`, `dmat3`, `f16mat4x2`, `f32mat2`, `f64mat3x3`.
fn parse_matrix(name: &str) -> Option<BType> {
    let (scalar, rest) = if let Some(r) = name.strip_prefix("mat") {
        (Scalar::F32, r)
    } else if let Some(r) = name.strip_prefix("dmat") {
        (Scalar::F64, r)
    } else if let Some(r) = name.strip_prefix("f16mat") {
        (Scalar::F16, r)
    } else if let Some(r) = name.strip_prefix("f32mat") {
        (Scalar::F32, r)
    } else if let Some(r) = name.strip_prefix("f64mat") {
        (Scalar::F64, r)
    } else {
        return None;
    };
    let (c, r) = match rest.split_once('x') {
        Some((c, r)) => (vector_size(c)?, vector_size(r)?),
        None => {
            let n = vector_size(rest)?;
            (n, n)
        }
    };
    Some(BType::Matrix(scalar, c, r))
}

/// `vec3`, `ivec2`, `u64vec4`, `f16vec2`, `i32vec3`, `f32vec2`, `f64vec4`, `bf16vec2`.
fn parse_vector(name: &str) -> Option<BType> {
    // The first `vec`, found without `str::find`'s searcher setup (performance: this runs
    // on every call's name).
    let at = name.as_bytes().windows(3).position(|w| w == b"vec")?;
    let (prefix, rest) = (&name[..at], &name[at + 3..]);
    let n = vector_size(rest)?;
    let scalar = match prefix {
        "f32" => Scalar::F32,
        "f64" => Scalar::F64,
        "i32" => Scalar::I32,
        "u32" => Scalar::U32,
        p => scalar_from_vector_prefix(p)?,
    };
    Some(BType::Vector(scalar, n))
}

/// Samplers, textures, images and subpass inputs.
fn parse_opaque(name: &str) -> Option<BType> {
    if name == "sampler" {
        return Some(BType::SamplerState { shadow: false });
    }
    if name == "samplerShadow" {
        return Some(BType::SamplerState { shadow: true });
    }
    // Result-type prefix.
    let prefixes: &[(&str, Scalar)] = &[
        ("f16", Scalar::F16),
        ("i64", Scalar::I64),
        ("u64", Scalar::U64),
        ("i", Scalar::I32),
        ("u", Scalar::U32),
        ("", Scalar::F32),
    ];
    let bases: &[(&str, OpaqueKind)] = &[
        ("sampler", OpaqueKind::Sampler),
        ("texture", OpaqueKind::Texture),
        ("image", OpaqueKind::Image),
        ("subpassInput", OpaqueKind::Input),
        ("attachmentEXT", OpaqueKind::Input),
    ];
    for &(p, sampled) in prefixes {
        let Some(rest) = name.strip_prefix(p) else {
            continue;
        };
        for &(b, kind) in bases {
            let Some(mut rest) = rest.strip_prefix(b) else {
                continue;
            };
            let dim;
            if kind == OpaqueKind::Input {
                dim = if b == "attachmentEXT" {
                    Dim::TileAttachment
                } else {
                    Dim::Subpass
                };
                let ms = rest == "MS";
                if !(rest.is_empty() || ms) || (ms && dim == Dim::TileAttachment) {
                    return None;
                }
                return Some(BType::Opaque(Opaque {
                    kind,
                    dim,
                    arrayed: false,
                    ms,
                    shadow: false,
                    sampled,
                }));
            }
            if kind == OpaqueKind::Sampler && rest == "ExternalOES" {
                return (p.is_empty()).then_some(BType::Opaque(Opaque {
                    kind,
                    dim: Dim::External,
                    arrayed: false,
                    ms: false,
                    shadow: false,
                    sampled,
                }));
            }
            let &(dname, d) = DIMS.iter().find(|(dn, _)| rest.starts_with(dn))?;
            dim = d;
            rest = &rest[dname.len()..];
            let ms = if let Some(r) = rest.strip_prefix("MS") {
                rest = r;
                true
            } else {
                false
            };
            let arrayed = if let Some(r) = rest.strip_prefix("Array") {
                rest = r;
                true
            } else {
                false
            };
            let shadow = if let Some(r) = rest.strip_prefix("Shadow") {
                rest = r;
                true
            } else {
                false
            };
            if !rest.is_empty() {
                return None;
            }
            // Which combinations exist.
            if ms && dim != Dim::D2 {
                return None;
            }
            if arrayed && matches!(dim, Dim::D3 | Dim::Rect | Dim::Buffer) {
                return None;
            }
            if shadow {
                if kind == OpaqueKind::Image || ms || matches!(dim, Dim::D3 | Dim::Buffer) {
                    return None;
                }
                if !matches!(sampled, Scalar::F32 | Scalar::F16) {
                    return None;
                }
            }
            if matches!(sampled, Scalar::I64 | Scalar::U64) && kind != OpaqueKind::Image {
                return None;
            }
            return Some(BType::Opaque(Opaque {
                kind,
                dim,
                arrayed,
                ms,
                shadow,
                sampled,
            }));
        }
    }
    None
}

/// A type the built-in function table may name: a [`parse_type_name`] type or a
/// [`BuiltinStruct`] (for `build.rs`).
pub fn parse_table_type_name(name: &str) -> Option<BType> {
    parse_type_name(name).or_else(|| BuiltinStruct::from_name(name).map(BType::Struct))
}

/// The built-in type a name denotes, if any.
pub fn parse_type_name(name: &str) -> Option<BType> {
    match name {
        "void" => return Some(BType::Void),
        "atomic_uint" => return Some(BType::AtomicUint),
        "accelerationStructureEXT" | "accelerationStructureNV" => {
            return Some(BType::AccelerationStructure)
        }
        "rayQueryEXT" => return Some(BType::RayQuery),
        "hitObjectNV" => return Some(BType::HitObjectNV),
        "hitObjectEXT" => return Some(BType::HitObjectEXT),
        "__samplerExternal2DY2YEXT" => {
            return Some(BType::Opaque(Opaque {
                kind: OpaqueKind::Sampler,
                dim: Dim::ExternalY2Y,
                arrayed: false,
                ms: false,
                shadow: false,
                sampled: Scalar::F32,
            }))
        }
        _ => {}
    }
    if let Some(s) = scalar_from_name(name) {
        return Some(BType::Scalar(s));
    }
    parse_matrix(name)
        .or_else(|| parse_vector(name))
        .or_else(|| parse_opaque(name))
}

/// A 32-bit digest of a parameter list's types (with its length): equal lists have equal
/// keys, so an overload whose key differs cannot match exactly. The build script stores the
/// key of every built-in signature ([`crate::builtins::SIG_KEYS`]; performance: overload
/// resolution compares one word per overload, not the parameter types).
pub fn params_key(types: impl ExactSizeIterator<Item = BType>) -> u32 {
    let mut h = types.len() as u32;
    for t in types {
        h = (h.rotate_left(5) ^ t.code()).wrapping_mul(0x9E37_79B9);
    }
    h
}

impl BType {
    /// A 32-bit code of the type, distinct for distinct types (for [`params_key`]).
    pub fn code(self) -> u32 {
        match self {
            BType::Void => 0,
            BType::Scalar(s) => (1 << 24) | s as u32,
            BType::Vector(s, n) => (2 << 24) | ((s as u32) << 8) | u32::from(n),
            BType::Matrix(s, c, r) => {
                (3 << 24) | ((s as u32) << 16) | (u32::from(c) << 8) | u32::from(r)
            }
            BType::Opaque(o) => {
                (4 << 24)
                    | ((o.kind as u32) << 16)
                    | ((o.dim as u32) << 11)
                    | (u32::from(o.arrayed) << 10)
                    | (u32::from(o.ms) << 9)
                    | (u32::from(o.shadow) << 8)
                    | o.sampled as u32
            }
            BType::SamplerState { shadow } => (5 << 24) | u32::from(shadow),
            BType::AtomicUint => 6 << 24,
            BType::AccelerationStructure => 7 << 24,
            BType::RayQuery => 8 << 24,
            BType::HitObjectNV => 9 << 24,
            BType::HitObjectEXT => 10 << 24,
            BType::Struct(s) => (11 << 24) | s as u32,
        }
    }

    /// The canonical GLSL name.
    pub fn name(self) -> String {
        match self {
            BType::Void => "void".into(),
            BType::Scalar(s) => s.name().into(),
            BType::Vector(s, n) => format!("{}vec{n}", s.vector_prefix()),
            BType::Matrix(s, c, r) => {
                let p = match s {
                    Scalar::F64 => "dmat",
                    Scalar::F16 => "f16mat",
                    _ => "mat",
                };
                if c == r {
                    format!("{p}{c}")
                } else {
                    format!("{p}{c}x{r}")
                }
            }
            BType::Opaque(o) => {
                let p = match o.sampled {
                    Scalar::I32 => "i",
                    Scalar::U32 => "u",
                    Scalar::F16 => "f16",
                    Scalar::I64 => "i64",
                    Scalar::U64 => "u64",
                    _ => "",
                };
                let b = match (o.kind, o.dim) {
                    (OpaqueKind::Sampler, _) => "sampler",
                    (OpaqueKind::Texture, _) => "texture",
                    (OpaqueKind::Image, _) => "image",
                    (OpaqueKind::Input, Dim::TileAttachment) => "attachmentEXT",
                    (OpaqueKind::Input, _) => "subpassInput",
                };
                let d = match o.dim {
                    Dim::D1 => "1D",
                    Dim::D2 => "2D",
                    Dim::D3 => "3D",
                    Dim::Cube => "Cube",
                    Dim::Rect => "2DRect",
                    Dim::Buffer => "Buffer",
                    Dim::External => "ExternalOES",
                    Dim::ExternalY2Y => return "__samplerExternal2DY2YEXT".into(),
                    Dim::Subpass | Dim::TileAttachment => "",
                };
                format!(
                    "{p}{b}{d}{}{}{}",
                    if o.ms { "MS" } else { "" },
                    if o.arrayed { "Array" } else { "" },
                    if o.shadow { "Shadow" } else { "" }
                )
            }
            BType::SamplerState { shadow } => {
                if shadow { "samplerShadow" } else { "sampler" }.into()
            }
            BType::AtomicUint => "atomic_uint".into(),
            BType::AccelerationStructure => "accelerationStructureEXT".into(),
            BType::RayQuery => "rayQueryEXT".into(),
            BType::HitObjectNV => "hitObjectNV".into(),
            BType::HitObjectEXT => "hitObjectEXT".into(),
            BType::Struct(s) => s.name().into(),
        }
    }
}

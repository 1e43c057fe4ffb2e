//! Texture functions (GLSL 8.9): every `texture*`, `texelFetch*`, `textureGather*`, the
//! queries, the legacy names (`texture2D`, `texture2DProjLod`, `shadow2D`, `texture2DRect`,
//! the GL_EXT_gpu_shader4 `texelFetch2D`/`textureSize2D` forms, the ARB/EXT suffixed ones)
//! and `subpassLoad`, as [`fresnel_ir::Tex`] instructions.
//!
//! Conventions (shared with the interpreter):
//! - `TextureDeref` is the deref of the sampler (or texture) argument; a combined
//!   `sampler2D(t, s)` gives the texture as `TextureDeref` and the sampler as `SamplerDeref`
//!   (the instruction's shadow flag comes from the combined type).
//! - The coordinate carries the array layer as its last component; the shadow reference
//!   is the `Comparator` source; `textureProj` divides the coordinate (and the reference)
//!   by the last component in ALU (no `Projector` source).
//! - Offsets are `Offset` sources; `textureGatherOffsets` is one `tg4` with the x and y
//!   components of its four offsets as `OffsetsX` / `OffsetsY` sources (NIR's
//!   `tg4_offsets`; SPIR-V's `ConstOffsets`).
//!   The `textureGatherLod*AMD` forms are `tg4` with a `Lod` source; GL_AMD_texture_texture4's
//!   `texture4(s, P)` is `textureGather(s, P)` (component 0).
//! - Sampling returns 4 components (shadow comparisons 1, except gathers: 4); the legacy
//!   `shadow*` functions returning `vec4` give `(r, r, r, 1)` (the `LUMINANCE` depth mode).
//! - Implicit-LOD sampling where there are no implicit derivatives (vertex, tessellation,
//!   geometry shaders; compute shaders without the compute-derivatives extensions) is `txl`
//!   with LOD 0.
//! - `txf` has a `Lod` source when the function has one (not for rectangle and buffer
//!   textures), `txf_ms` an `MsIndex`; `txs` has a `Lod` source when the function has one.
//! - `subpassLoad` is a `txf` on a `subpass`/`subpass_ms` texture whose coordinate
//!   `ivec2(0, 0)` is relative to the fragment's position (`MsIndex` for the sample).
//! - Sources and results are 32-bit: float16 coordinates (GL_AMD_gpu_shader_half_float_fetch)
//!   are converted with `f2f`, and so are float16 samplers' results.

use fresnel_ir::{AluOp, BaseType, InstrKind, SamplerDim, TexOp, TexSrc, ValueId};
use fresnel_sema::types::{Dim, Opaque, OpaqueKind, Scalar, Type as HirType, TypeId as HirTypeId};
use smallvec::SmallVec;

use super::{value, BuiltinCx, Lowered};
use crate::{Arg, LowerError, Operand};

/// What a texture function does.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Kind {
    Sample,
    Fetch,
    Gather,
    Size,
    Levels,
    QueryLod,
    Samples,
    SubpassLoad,
}

/// A texture function's name, decoded.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
struct Form {
    kind: Kind,
    proj: bool,
    lod: bool,
    grad: bool,
    offset: bool,
    /// `textureGatherOffsets`: an array of four offsets.
    offsets: bool,
    /// GL_ARB_sparse_texture_clamp's `...ClampARB`: a minimum LOD.
    clamp: bool,
    /// GL_ARB_sparse_texture2's `sparse*ARB`: the texel goes to an `out` argument (removed
    /// before decoding the rest) and the residency code is the result.
    sparse: bool,
}

impl Form {
    fn new(kind: Kind) -> Form {
        Form {
            kind,
            proj: false,
            lod: false,
            grad: false,
            offset: false,
            offsets: false,
            clamp: false,
            sparse: false,
        }
    }
}

const DIM_NAMES: &[&str] = &[
    "1DArray",
    "2DArray",
    "2DRect",
    "1D",
    "2D",
    "3D",
    "CubeArray",
    "Cube",
    "Buffer",
];

fn strip_dim(s: &str) -> &str {
    for d in DIM_NAMES {
        if let Some(r) = s.strip_prefix(d) {
            return r;
        }
    }
    s
}

fn strip_vendor(s: &str) -> &str {
    s.strip_suffix("ARB")
        .or_else(|| s.strip_suffix("EXT"))
        .unwrap_or(s)
}

/// Decodes a texture function name; `None` for names this family does not handle.
fn parse(name: &str) -> Option<Form> {
    match name {
        "textureQueryLevels" => return Some(Form::new(Kind::Levels)),
        "textureQueryLod" | "textureQueryLOD" => return Some(Form::new(Kind::QueryLod)),
        "textureSamples" => return Some(Form::new(Kind::Samples)),
        "subpassLoad" => return Some(Form::new(Kind::SubpassLoad)),
        // GL_AMD_texture_texture4: a gather of the first component (the base level).
        "texture4" => return Some(Form::new(Kind::Gather)),
        _ => {}
    }
    if let Some(rest) = name.strip_prefix("textureSize") {
        return strip_dim(rest).is_empty().then(|| Form::new(Kind::Size));
    }
    if let Some(rest) = name.strip_prefix("textureGather") {
        let mut f = Form::new(Kind::Gather);
        // GL_AMD_texture_gather_bias_lod: `textureGatherLod{,Offset,Offsets}AMD`.
        let rest = match rest.strip_prefix("Lod").and_then(|r| r.strip_suffix("AMD")) {
            Some(r) => {
                f.lod = true;
                r
            }
            None => rest,
        };
        match rest {
            "" => {}
            "Offset" => f.offset = true,
            "Offsets" => f.offsets = true,
            _ => return None,
        }
        return Some(f);
    }
    if let Some(rest) = name.strip_prefix("texelFetch") {
        let mut f = Form::new(Kind::Fetch);
        match strip_dim(rest) {
            "" => {}
            "Offset" => f.offset = true,
            _ => return None,
        }
        return Some(f);
    }
    let rest = name
        .strip_prefix("texture")
        .or_else(|| name.strip_prefix("shadow"))?;
    let mut f = Form::new(Kind::Sample);
    let mut r = strip_vendor(strip_dim(rest));
    if let Some(x) = r.strip_prefix("Proj") {
        f.proj = true;
        r = x;
    }
    if let Some(x) = r.strip_prefix("Lod") {
        f.lod = true;
        r = x;
    } else if let Some(x) = r.strip_prefix("Grad") {
        f.grad = true;
        r = x;
    }
    if let Some(x) = r.strip_prefix("Offset") {
        f.offset = true;
        r = x;
    }
    if let Some(x) = r.strip_prefix("Clamp") {
        f.clamp = true;
        r = x;
    }
    r.is_empty().then_some(f)
}

pub fn lower(
    cx: &mut BuiltinCx<'_, '_>,
    name: &str,
    args: &[Arg],
    ret: HirTypeId,
) -> Option<Lowered> {
    if let Some(r) = sparse::lower(cx, name, args) {
        return Some(r);
    }
    let form = parse(name)?;
    Some(lower_form(cx, name, form, args, ret))
}

/// The IR dimension of a sampler, texture or image type.
pub(crate) fn ir_dim(cx: &BuiltinCx<'_, '_>, o: Opaque) -> Result<SamplerDim, LowerError> {
    Ok(match o.dim {
        Dim::D1 => SamplerDim::D1,
        Dim::D2 if o.ms => SamplerDim::Ms,
        Dim::D2 => SamplerDim::D2,
        Dim::D3 => SamplerDim::D3,
        Dim::Cube => SamplerDim::Cube,
        Dim::Rect => SamplerDim::Rect,
        Dim::Buffer => SamplerDim::Buffer,
        Dim::External | Dim::ExternalY2Y => SamplerDim::External,
        Dim::Subpass if o.ms => SamplerDim::SubpassMs,
        Dim::Subpass => SamplerDim::Subpass,
        Dim::TileAttachment => return Err(cx.err("tile-image attachments are not supported")),
    })
}

/// The IR base type of the texels of a sampler, texture or image.
pub(crate) fn texel_base(s: Scalar) -> BaseType {
    match s {
        Scalar::I8 | Scalar::I16 | Scalar::I32 | Scalar::I64 => BaseType::Int,
        Scalar::U8 | Scalar::U16 | Scalar::U32 | Scalar::U64 => BaseType::Uint,
        _ => BaseType::Float,
    }
}

/// The opaque type of argument `i`.
pub(crate) fn opaque_arg(
    cx: &BuiltinCx<'_, '_>,
    args: &[Arg],
    i: usize,
) -> Result<Opaque, LowerError> {
    let a = args.get(i).ok_or_else(|| cx.err("missing argument"))?;
    match *cx.hir_type(a.ty) {
        HirType::Opaque(o) => Ok(o),
        _ => Err(cx.err(format!("argument {} is not a sampler or image", i + 1))),
    }
}

/// The first `n` components of `v`.
fn first(cx: &mut BuiltinCx<'_, '_>, v: ValueId, n: u8) -> ValueId {
    let comps: SmallVec<[u8; 4]> = (0..n).collect();
    cx.b.swizzle(v, &comps)
}

/// A texture instruction on the sampler `tex` of type `o`.
struct TexBuild {
    op: TexOp,
    dim: SamplerDim,
    o: Opaque,
    srcs: SmallVec<[(TexSrc, ValueId); 6]>,
    n: u8,
    component: u8,
    base: BaseType,
    /// A sparse lookup: `n + 1` components, the last the residency code ([`emit`] returns
    /// the first `n`).
    sparse: bool,
}

fn emit(cx: &mut BuiltinCx<'_, '_>, t: &TexBuild) -> ValueId {
    // Float sources of other sizes (float16 coordinates, double LODs) become 32-bit.
    let srcs: SmallVec<[(TexSrc, ValueId); 6]> = t
        .srcs
        .iter()
        .map(|&(k, v)| {
            let float_src = match k {
                TexSrc::Coord => !matches!(t.op, TexOp::Txf | TexOp::TxfMs),
                TexSrc::Lod => !matches!(t.op, TexOp::Txf | TexOp::Txs),
                TexSrc::Comparator
                | TexSrc::Bias
                | TexSrc::MinLod
                | TexSrc::Ddx
                | TexSrc::Ddy
                | TexSrc::Projector => true,
                _ => false,
            };
            if float_src && cx.b.bit_size(v) != 32 {
                (k, cx.conv(AluOp::F2f, 32, v))
            } else {
                (k, v)
            }
        })
        .collect();
    let r = cx.b.tex(
        t.op,
        t.dim,
        t.o.arrayed,
        t.o.shadow,
        t.base,
        t.n + u8::from(t.sparse),
        &srcs,
        t.component,
    );
    if !t.sparse {
        return r;
    }
    let id = cx.b.func.value(r).def;
    if let InstrKind::Tex(x) = &mut cx.b.func.instrs[id].kind {
        x.is_sparse = true;
    }
    first(cx, r, t.n)
}

/// Converts a 32-bit result to the call's type (float16 samplers) and expands legacy
/// `vec4` shadow results.
fn finish(cx: &mut BuiltinCx<'_, '_>, r: ValueId, ret: HirTypeId) -> Lowered {
    let rs = cx.shape(ret)?;
    let mut r = r;
    if cx.b.num_components(r) == 1 && rs.n == 4 {
        let one = cx.fconst(1.0, cx.b.bit_size(r));
        r = cx.b.vec(&[r, r, r, one]);
    }
    if rs.is_float() && rs.bits != cx.b.bit_size(r) {
        r = cx.conv(AluOp::F2f, rs.bits, r);
    } else if !rs.is_float() && rs.bits != cx.b.bit_size(r) {
        let op = if rs.is_signed() {
            AluOp::I2i
        } else {
            AluOp::U2u
        };
        r = cx.conv(op, rs.bits, r);
    }
    if cx.b.num_components(r) != rs.n {
        return Err(cx.err("texture function result of an unexpected size"));
    }
    value(r)
}

fn lower_form(
    cx: &mut BuiltinCx<'_, '_>,
    name: &str,
    form: Form,
    args: &[Arg],
    ret: HirTypeId,
) -> Lowered {
    let o = opaque_arg(cx, args, 0)?;
    if o.kind == OpaqueKind::Image {
        return Err(cx.err(format!("`{name}` on an image")));
    }
    let tex = cx.deref(args, 0)?;
    let dim = ir_dim(cx, o)?;
    let mut t = TexBuild {
        op: TexOp::Tex,
        dim,
        o,
        srcs: smallvec::smallvec![(TexSrc::TextureDeref, tex)],
        n: 4,
        component: 0,
        base: texel_base(o.sampled),
        sparse: form.sparse,
    };
    if let Some(s) = cx.sampler_deref(args, 0) {
        t.srcs.push((TexSrc::SamplerDeref, s));
    }
    let ncoord = dim.coord_components() + u8::from(o.arrayed);
    match form.kind {
        Kind::Size | Kind::Levels | Kind::Samples => {
            t.op = match form.kind {
                Kind::Size => TexOp::Txs,
                Kind::Levels => TexOp::QueryLevels,
                _ => TexOp::TextureSamples,
            };
            if form.kind == Kind::Size {
                if args.len() > 1 {
                    let lod = cx.val(args, 1)?;
                    t.srcs.push((TexSrc::Lod, lod));
                }
                t.n = cx.shape(ret)?.n;
            } else {
                t.n = 1;
            }
            t.base = BaseType::Int;
            let r = emit(cx, &t);
            return value(r);
        }
        Kind::QueryLod => {
            let p = cx.val(args, 1)?;
            let c = first(cx, p, dim.coord_components());
            t.op = TexOp::Lod;
            t.srcs.push((TexSrc::Coord, c));
            t.n = 2;
            t.base = BaseType::Float;
            let r = emit(cx, &t);
            return finish(cx, r, ret);
        }
        Kind::SubpassLoad => {
            let zero = cx.iconst(0, 32);
            let c = cx.b.vec(&[zero, zero]);
            t.srcs.push((TexSrc::Coord, c));
            if o.ms {
                t.op = TexOp::TxfMs;
                let s = cx.val(args, 1)?;
                t.srcs.push((TexSrc::MsIndex, s));
            } else {
                t.op = TexOp::Txf;
            }
            let r = emit(cx, &t);
            return finish(cx, r, ret);
        }
        _ => {}
    }
    let p = cx.val(args, 1)?;
    let pn = cx.b.num_components(p);
    let mut i = 2;
    match form.kind {
        Kind::Fetch => {
            let c = first(cx, p, ncoord.min(pn));
            t.srcs.push((TexSrc::Coord, c));
            if dim == SamplerDim::Ms {
                t.op = TexOp::TxfMs;
                let s = cx.val(args, i)?;
                t.srcs.push((TexSrc::MsIndex, s));
                i += 1;
            } else {
                t.op = TexOp::Txf;
                if !matches!(dim, SamplerDim::Rect | SamplerDim::Buffer) {
                    let lod = cx.val(args, i)?;
                    t.srcs.push((TexSrc::Lod, lod));
                    i += 1;
                }
            }
            if form.offset {
                let off = cx.val(args, i)?;
                t.srcs.push((TexSrc::Offset, off));
                i += 1;
            }
            if i != args.len() {
                return Err(cx.err(format!("`{name}`: unexpected arguments")));
            }
            let r = emit(cx, &t);
            return finish(cx, r, ret);
        }
        Kind::Gather => {
            let c = first(cx, p, ncoord.min(pn));
            t.srcs.push((TexSrc::Coord, c));
            t.op = TexOp::Tg4;
            if o.shadow {
                let refz = cx.val(args, i)?;
                t.srcs.push((TexSrc::Comparator, refz));
                i += 1;
            }
            if form.lod {
                let lod = cx.val(args, i)?;
                t.srcs.push((TexSrc::Lod, lod));
                i += 1;
            }
            let mut offsets: SmallVec<[ValueId; 4]> = SmallVec::new();
            if form.offset {
                offsets.push(cx.val(args, i)?);
                i += 1;
            } else if form.offsets {
                offsets = load_offsets(cx, args, i)?;
                i += 1;
            }
            if i < args.len() {
                let comp = cx.val(args, i)?;
                match cx.const_int(comp) {
                    Some(c @ 0..=3) => t.component = c as u8,
                    _ => {
                        return Err(
                            cx.err("the component of `textureGather` must be a constant 0 to 3")
                        )
                    }
                }
                i += 1;
            }
            // GL_AMD_texture_gather_bias_lod: a bias after the component.
            if i < args.len() && !form.lod {
                let bias = cx.val(args, i)?;
                t.srcs.push((TexSrc::Bias, bias));
            }
            if form.offsets {
                // One gather: the x and y components of the four offsets as two sources.
                let xs: SmallVec<[ValueId; 4]> =
                    offsets.iter().map(|o| cx.b.channel(*o, 0)).collect();
                let ys: SmallVec<[ValueId; 4]> =
                    offsets.iter().map(|o| cx.b.channel(*o, 1)).collect();
                let x = cx.b.vec(&xs);
                let y = cx.b.vec(&ys);
                t.srcs.push((TexSrc::OffsetsX, x));
                t.srcs.push((TexSrc::OffsetsY, y));
                let r = emit(cx, &t);
                return finish(cx, r, ret);
            }
            if let Some(off) = offsets.first() {
                t.srcs.push((TexSrc::Offset, *off));
            }
            let r = emit(cx, &t);
            return finish(cx, r, ret);
        }
        _ => {}
    }
    // Sampling.
    if o.kind == OpaqueKind::Texture {
        return Err(cx.err(format!("`{name}` needs a combined sampler")));
    }
    // The reference is a separate argument for cube-map arrays (no room in P) and for the
    // float16 coordinates of GL_AMD_gpu_shader_half_float_fetch.
    let half_coords = cx.arg_shape(args, 1)?.scalar == Scalar::F16;
    if form.proj {
        let q = cx.b.channel(p, pn - 1);
        let cc = dim.coord_components();
        let c = first(cx, p, cc);
        let c = cx.op2(AluOp::Fdiv, c, q);
        t.srcs.push((TexSrc::Coord, c));
        if o.shadow {
            let r = if half_coords {
                i += 1;
                let r = cx.val(args, i - 1)?;
                cx.conv(AluOp::F2f, cx.b.bit_size(q), r)
            } else {
                cx.b.channel(p, 2)
            };
            let r = cx.op2(AluOp::Fdiv, r, q);
            t.srcs.push((TexSrc::Comparator, r));
        }
    } else {
        let c = first(cx, p, ncoord.min(pn));
        t.srcs.push((TexSrc::Coord, c));
        if o.shadow {
            let r = if pn > ncoord && !half_coords {
                cx.b.channel(p, pn - 1)
            } else {
                i += 1;
                cx.val(args, i - 1)?
            };
            t.srcs.push((TexSrc::Comparator, r));
        }
    }
    t.op = if cx.has_derivatives() {
        TexOp::Tex
    } else {
        TexOp::Txl
    };
    if form.lod {
        t.op = TexOp::Txl;
        let lod = cx.val(args, i)?;
        t.srcs.push((TexSrc::Lod, lod));
        i += 1;
    } else if form.grad {
        t.op = TexOp::Txd;
        let dx = cx.val(args, i)?;
        let dy = cx.val(args, i + 1)?;
        t.srcs.push((TexSrc::Ddx, dx));
        t.srcs.push((TexSrc::Ddy, dy));
        i += 2;
    }
    if form.offset {
        let off = cx.val(args, i)?;
        t.srcs.push((TexSrc::Offset, off));
        i += 1;
    }
    if form.clamp {
        let m = cx.val(args, i)?;
        // A rectangle texture has only its base level, so a minimum LOD changes nothing
        // (and SPIR-V allows `MinLod` only on 1D, 2D, 3D and cube images).
        if t.dim != SamplerDim::Rect {
            t.srcs.push((TexSrc::MinLod, m));
        }
        i += 1;
    }
    if i < args.len() {
        let bias = cx.val(args, i)?;
        t.op = TexOp::Txb;
        t.srcs.push((TexSrc::Bias, bias));
        i += 1;
    }
    if i != args.len() {
        return Err(cx.err(format!("`{name}`: unexpected arguments")));
    }
    if t.op == TexOp::Txl && !form.lod {
        let zero = cx.fconst(0.0, 32);
        t.srcs.push((TexSrc::Lod, zero));
    }
    if o.shadow {
        t.n = 1;
    }
    let r = emit(cx, &t);
    finish(cx, r, ret)
}

/// The four offsets of `textureGatherOffsets` (an array argument held in memory).
fn load_offsets(
    cx: &mut BuiltinCx<'_, '_>,
    args: &[Arg],
    i: usize,
) -> Result<SmallVec<[ValueId; 4]>, LowerError> {
    let a = args.get(i).ok_or_else(|| cx.err("missing argument"))?;
    match &a.op {
        Operand::Deref(d) => {
            let d = *d;
            Ok((0..4)
                .map(|k| {
                    let idx = cx.iconst(k, 32);
                    let e = cx.b.deref_array(d, idx);
                    cx.b.load_deref(e)
                })
                .collect())
        }
        _ => Err(cx.err("the offsets of `textureGatherOffsets` must be an array")),
    }
}

/// Sparse texture functions (GL_ARB_sparse_texture2, GL_ARB_sparse_texture_clamp), after
/// NIR: the lookup is a `tex` with `is_sparse` whose result has the residency code as its
/// last component; the texel part is stored to the `texel` argument and the code (an
/// `int`) returned. `sparseTexelsResidentARB(code)` is the `is_sparse_texels_resident`
/// intrinsic; `sparseImageLoadARB` is `image_deref_sparse_load` (5 components).
mod sparse {
    use fresnel_ir::{InstrKind, Intrinsic};

    use super::super::{value, BuiltinCx, Lowered};
    use super::{lower_form, parse};
    use crate::{Arg, Operand};

    /// The non-sparse texture function a `sparse*ARB` name adds residency to
    /// (`sparseTextureLodARB` -> `textureLod`, `sparseTextureClampARB` -> `textureClampARB`,
    /// `sparseTextureGatherLodAMD` -> `textureGatherLodAMD`).
    fn base_name(name: &str) -> Option<String> {
        let rest = name.strip_prefix("sparse")?;
        // `sparseTextureGatherLod*AMD` (GL_AMD_texture_gather_bias_lod) keeps its suffix.
        let rest = if rest.ends_with("ClampARB") || rest.ends_with("AMD") {
            rest
        } else {
            rest.strip_suffix("ARB")?
        };
        let mut out = String::with_capacity(rest.len());
        let mut chars = rest.chars();
        out.extend(chars.next()?.to_lowercase());
        out.extend(chars);
        Some(out)
    }

    pub(super) fn lower(cx: &mut BuiltinCx<'_, '_>, name: &str, args: &[Arg]) -> Option<Lowered> {
        if name == "sparseTexelsResidentARB" {
            return Some(resident(cx, args));
        }
        if name == "sparseImageLoadARB" || name == "sparseImageLoadLodAMD" {
            return Some(image_load(cx, args, name == "sparseImageLoadLodAMD"));
        }
        let base = base_name(name)?;
        let mut form = parse(&base)?;
        form.sparse = true;
        Some(lookup(cx, name, form, args))
    }

    fn resident(cx: &mut BuiltinCx<'_, '_>, args: &[Arg]) -> Lowered {
        let code = cx.val(args, 0)?;
        let r =
            cx.b.intrinsic(Intrinsic::IsSparseTexelsResident, &[code], 1, 1, &[]);
        value(r.expect("is_sparse_texels_resident has a result"))
    }

    /// The `texel` argument: the last `out` argument (an array of offsets before it is
    /// `in`, also in memory, so the last memory argument after the sampler).
    fn texel_index(args: &[Arg]) -> Option<usize> {
        (1..args.len())
            .rev()
            .find(|&i| matches!(args[i].op, Operand::Deref(_)))
    }

    fn lookup(cx: &mut BuiltinCx<'_, '_>, name: &str, form: super::Form, args: &[Arg]) -> Lowered {
        let k = texel_index(args).ok_or_else(|| cx.err(format!("`{name}`: no texel argument")))?;
        let texel = cx.deref(args, k)?;
        let texel_ty = args[k].ty;
        let rest: Vec<Arg> = args
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != k)
            .map(|(_, a)| a.clone())
            .collect();
        let before = cx.b.func.instrs.len();
        let t = lower_form(cx, name, form, &rest, texel_ty)?
            .and_then(|op| match op {
                Operand::Value(v) => Some(v),
                _ => None,
            })
            .ok_or_else(|| cx.err(format!("`{name}`: unexpected texel result")))?;
        // The sparse lookups just emitted (one, or four for `sparseTextureGatherOffsetsARB`,
        // whose codes are combined with `sparse_residency_code_and`).
        let lookups: Vec<fresnel_ir::ValueId> =
            cx.b.func
                .instrs
                .values()
                .skip(before)
                .filter_map(|i| match &i.kind {
                    InstrKind::Tex(x) if x.is_sparse => Some(x.dest),
                    _ => None,
                })
                .collect();
        let mut code = None;
        for full in lookups {
            let c = cx.b.channel(full, cx.b.num_components(full) - 1);
            code = Some(match code {
                None => c,
                Some(prev) => {
                    cx.b.intrinsic(Intrinsic::SparseResidencyCodeAnd, &[prev, c], 1, 32, &[])
                        .expect("sparse_residency_code_and has a result")
                }
            });
        }
        let Some(code) = code else {
            return Err(cx.err(format!("`{name}`: no sparse lookup was emitted")));
        };
        let n = cx.b.num_components(t);
        cx.b.store_deref(texel, t, (1u32 << n) - 1);
        value(code)
    }

    /// `sparseImageLoadARB`, or with `lod` GL_AMD_shader_image_load_store_lod's
    /// `sparseImageLoadLodAMD` (the level in place of the sample index).
    fn image_load(cx: &mut BuiltinCx<'_, '_>, args: &[Arg], lod: bool) -> Lowered {
        let o = super::opaque_arg(cx, args, 0)?;
        let img = cx.deref(args, 0)?;
        let p = cx.val(args, 1)?;
        let mut comps = cx.comps(p).to_vec();
        while comps.len() < 4 {
            let z = cx.iconst(0, 32);
            comps.push(z);
        }
        comps.truncate(4);
        let coord = cx.b.vec(&comps);
        let (sample, k) = if o.ms || lod {
            (cx.val(args, 2)?, 3)
        } else {
            (cx.iconst(0, 32), 2)
        };
        let texel = cx.deref(args, k)?;
        let bits = match cx.b.types.get(cx.b.deref_of(texel).ty) {
            fresnel_ir::Type::Vector { bits, .. } => *bits,
            _ => return Err(cx.err("`sparseImageLoadARB`: the texel is not a vector")),
        };
        // The code shares the texels' bit size (as in NIR) and is converted to 32 bits.
        let r =
            cx.b.intrinsic(
                if lod {
                    Intrinsic::ImageDerefSparseLoadLod
                } else {
                    Intrinsic::ImageDerefSparseLoad
                },
                &[img, coord, sample],
                5,
                bits,
                &[],
            )
            .expect("image_deref_sparse_load has a result");
        let t = cx.b.swizzle(r, &[0, 1, 2, 3]);
        cx.b.store_deref(texel, t, 0xf);
        let mut code = cx.b.channel(r, 4);
        if bits != 32 {
            code = cx.conv(fresnel_ir::AluOp::U2u, 32, code);
        }
        value(code)
    }
}

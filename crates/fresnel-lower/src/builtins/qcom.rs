//! GL_QCOM_image_processing3's extended gathers: `textureGather{4x1,H2,V2,D}QCOM(s, P
//! [, comp])` and their `...OffsetQCOM(s, P, offset [, comp])` forms are `tex_gather_qcom`
//! / `tex_gather_offset_qcom` (SPIR-V's `OpImageGatherQCOM`): srcs the sampler deref, the
//! coordinate padded with zeros to four components (u, v[, layer]) and the offset; `base`
//! the gather mode (as `OpImageGatherQCOM` numbers them: 4x1 0, D 1, H2 2, V2 3),
//! `component` the gathered component.
//!
//! GL_QCOM_image_processing / GL_QCOM_image_processing2 (`textureWeightedQCOM`,
//! `textureBoxFilterQCOM`, the block matches) are `image_processing_qcom`: `base` the
//! operation's position in [`fresnel_ir::IMAGE_PROCESSING_QCOM`], srcs the arguments in
//! order, each sampler argument as its deref followed by its separate sampler's deref when
//! it is `sampler2D(texture, sampler)`.

use fresnel_ir::{IndexKind, Intrinsic};
use fresnel_sema::types::{Type as HirType, TypeId as HirTypeId};

use super::texture::opaque_arg;
use super::{value, BuiltinCx, Lowered};
use crate::Arg;

/// The gather mode and whether the name has an offset.
fn parse(name: &str) -> Option<(i64, bool)> {
    let rest = name.strip_prefix("textureGather")?.strip_suffix("QCOM")?;
    let (mode, offset) = match rest.strip_suffix("Offset") {
        Some(m) => (m, true),
        None => (rest, false),
    };
    let mode = match mode {
        "4x1" => 0,
        "D" => 1,
        "H2" => 2,
        "V2" => 3,
        _ => return None,
    };
    Some((mode, offset))
}

pub fn lower(
    cx: &mut BuiltinCx<'_, '_>,
    name: &str,
    args: &[Arg],
    ret: HirTypeId,
) -> Option<Lowered> {
    if let Some(op) = fresnel_ir::IMAGE_PROCESSING_QCOM
        .iter()
        .position(|n| *n == name)
    {
        return Some(lower_image_processing(cx, op, args));
    }
    let (mode, has_offset) = parse(name)?;
    Some(lower_gather(cx, name, mode, has_offset, args, ret))
}

/// `image_processing_qcom` (see the module docs).
fn lower_image_processing(cx: &mut BuiltinCx<'_, '_>, op: usize, args: &[Arg]) -> Lowered {
    let mut srcs = Vec::with_capacity(args.len() + 2);
    for (i, a) in args.iter().enumerate() {
        if let HirType::Opaque(_) = cx.hir_type(a.ty) {
            srcs.push(cx.deref(args, i)?);
            srcs.extend(cx.sampler_deref(args, i));
        } else {
            srcs.push(cx.val(args, i)?);
        }
    }
    let op = i64::try_from(op).map_err(|_| cx.err("bad QCOM image operation"))?;
    let r = cx.b.intrinsic(
        Intrinsic::ImageProcessingQcom,
        &srcs,
        4,
        32,
        &[(IndexKind::Base, op)],
    );
    value(r.expect("image_processing_qcom has a result"))
}

fn lower_gather(
    cx: &mut BuiltinCx<'_, '_>,
    name: &str,
    mode: i64,
    has_offset: bool,
    args: &[Arg],
    ret: HirTypeId,
) -> Lowered {
    opaque_arg(cx, args, 0)?;
    if cx.sampler_deref(args, 0).is_some() {
        return Err(cx.err(format!(
            "`{name}` on a texture combined with a separate sampler is not supported"
        )));
    }
    let s = cx.deref(args, 0)?;
    let p = cx.val(args, 1)?;
    let bits = cx.b.bit_size(p);
    let mut comps = cx.comps(p).to_vec();
    while comps.len() < 4 {
        comps.push(cx.fconst(0.0, bits));
    }
    comps.truncate(4);
    let coord = cx.b.vec(&comps);
    let mut srcs = vec![s, coord];
    let mut i = 2;
    if has_offset {
        srcs.push(cx.val(args, 2)?);
        i = 3;
    }
    let component = match args.get(i) {
        Some(_) => {
            let c = cx.val(args, i)?;
            cx.const_int(c)
                .ok_or_else(|| cx.err(format!("`{name}`: the component must be constant")))?
        }
        None => 0,
    };
    let rs = cx.shape(ret)?;
    let op = if has_offset {
        Intrinsic::TexGatherOffsetQcom
    } else {
        Intrinsic::TexGatherQcom
    };
    let r = cx.b.intrinsic(
        op,
        &srcs,
        4,
        rs.bits,
        &[(IndexKind::Base, mode), (IndexKind::Component, component)],
    );
    value(r.expect("the QCOM gathers have a result"))
}

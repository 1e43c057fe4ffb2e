//! GL_NV_shader_texture_footprint: `textureFootprintNV(s, P, granularity, coarse, fp
//! [, bias])`, `textureFootprintClampNV(s, P, lodClamp, granularity, coarse, fp [, bias])`,
//! `textureFootprintLodNV(s, P, lod, granularity, coarse, fp)`,
//! `textureFootprintGradNV(s, P, dPdx, dPdy, granularity, coarse, fp)` and
//! `textureFootprintGradClampNV(s, P, dPdx, dPdy, lodClamp, granularity, coarse, fp)` are
//! `image_footprint_nv`: srcs the footprint structure's deref (the `out` temporary), the
//! sampler's deref, the coordinate, the granularity, `coarse`, then the operands its `base`
//! names ([`fresnel_ir::intrinsic::footprint`]: bias, LOD, gradients, LOD clamp, in that
//! order), then the separate sampler's deref of a `sampler2D(texture, sampler)` argument.
//! The result is the function's boolean.

use fresnel_ir::intrinsic::footprint;
use fresnel_ir::{IndexKind, Intrinsic, ValueId};
use fresnel_sema::types::{Dim, TypeId as HirTypeId};

use super::texture::opaque_arg;
use super::{value, BuiltinCx, Lowered};
use crate::Arg;

/// The lookup a footprint function evaluates: explicit LOD, gradients, LOD clamp.
fn parse(name: &str) -> Option<(bool, bool, bool)> {
    Some(match name {
        "textureFootprintNV" => (false, false, false),
        "textureFootprintClampNV" => (false, false, true),
        "textureFootprintLodNV" => (true, false, false),
        "textureFootprintGradNV" => (false, true, false),
        "textureFootprintGradClampNV" => (false, true, true),
        _ => return None,
    })
}

pub fn lower(
    cx: &mut BuiltinCx<'_, '_>,
    name: &str,
    args: &[Arg],
    ret: HirTypeId,
) -> Option<Lowered> {
    let (lod, grad, clamp) = parse(name)?;
    Some(lower_footprint(cx, name, (lod, grad, clamp), args, ret))
}

fn lower_footprint(
    cx: &mut BuiltinCx<'_, '_>,
    name: &str,
    (lod, grad, clamp): (bool, bool, bool),
    args: &[Arg],
    ret: HirTypeId,
) -> Lowered {
    let o = opaque_arg(cx, args, 0)?;
    if !matches!(o.dim, Dim::D2 | Dim::D3) || o.arrayed || o.ms || o.shadow {
        return Err(cx.err(format!("`{name}` takes a 2D or 3D sampler")));
    }
    let sampler = cx.deref(args, 0)?;
    let coord = cx.val(args, 1)?;
    // The arguments between the coordinate and the granularity, in GLSL order.
    let mut i = 2;
    let mut take = |cx: &BuiltinCx<'_, '_>| -> Result<ValueId, _> {
        let v = cx.val(args, i);
        i += 1;
        v
    };
    let lod_v = if lod { Some(take(cx)?) } else { None };
    let grads = if grad {
        Some((take(cx)?, take(cx)?))
    } else {
        None
    };
    let clamp_v = if clamp { Some(take(cx)?) } else { None };
    let granularity = take(cx)?;
    let coarse = take(cx)?;
    let fp = cx.deref(args, i)?;
    // The optional bias after the footprint (the implicit-LOD forms).
    let bias = if args.len() > i + 1 {
        Some(cx.val(args, i + 1)?)
    } else {
        None
    };
    let mut base = 0;
    let mut srcs = vec![fp, sampler, coord, granularity, coarse];
    if let Some(b) = bias {
        base |= footprint::BIAS;
        srcs.push(b);
    }
    if let Some(l) = lod_v {
        base |= footprint::LOD;
        srcs.push(l);
    }
    if let Some((dx, dy)) = grads {
        base |= footprint::GRAD;
        srcs.extend([dx, dy]);
    }
    if let Some(c) = clamp_v {
        base |= footprint::MIN_LOD;
        srcs.push(c);
    }
    srcs.extend(cx.sampler_deref(args, 0));
    let rs = cx.shape(ret)?;
    let r = cx.b.intrinsic(
        Intrinsic::ImageFootprintNv,
        &srcs,
        1,
        rs.bits,
        &[(IndexKind::Base, base)],
    );
    value(r.ok_or_else(|| cx.err("image_footprint_nv has a result"))?)
}

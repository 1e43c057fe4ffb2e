//! The tessellation and geometry stages of a dEQP draw on the interpreter, between the vertex
//! shader and the fragment shader.
//!
//! The shader-library runner draws the quad as two triangles (as patches of three vertices
//! when tessellation is present). Here:
//!
//! * the tessellation control shader runs once per patch, one invocation per output vertex
//!   (`layout(vertices = N)`), with the patch's vertex outputs as its per-vertex inputs;
//! * the tessellation evaluation shader runs at the vertices of a uniform subdivision of its
//!   domain (triangles or quads), with the control shader's outputs as its inputs; the
//!   subdivision's triangles are the primitives it produces. The dEQP runner cuts every
//!   edge in two ([`Subdivision::Fixed`]): a real tessellator places its vertices by the
//!   tessellation levels, but every point it produces lies in the same patch, and the values
//!   dEQP's linkage tests pass along vary linearly or not at all, so the fragments see the
//!   same values. The piglit runner follows the levels ([`Subdivision::Levels`]: segment
//!   counts and discarded patches as GL has them, points still uniform);
//! * the geometry shader runs once per triangle and per invocation
//!   (`layout(invocations = N)`), and its emitted triangle strips are the primitives;
//! * the four fragments of the 2x2 framebuffer take their inputs from the last primitive
//!   (in draw order) covering their centre, interpolated with the barycentric weights of the
//!   centre: perspective-correct for `smooth`, linear in the screen for `noperspective`, the
//!   last (provoking) vertex for `flat` and integers.
//!
//! The invocations of a tessellation control shader share the patch's outputs in the
//! interpreter (one group per patch), so reading another invocation's outputs after
//! `barrier()` sees what it wrote; output vertex `j` is element `j`.

use fresnel_interp::{Error, Fragment, Interp, Leaf, Scalar};
use fresnel_ir::{Interp as Interpolation, Shader, Stage, VarId, VarMode};

use super::{scalar_f64, var_loc_slots};

/// One vertex leaving a stage: its clip-space position and the slots of every output.
#[derive(Clone, Debug, Default)]
pub(crate) struct Vertex {
    pub pos: [f64; 4],
    pub outs: Vec<(VarId, Vec<u64>)>,
}

impl Vertex {
    fn out(&self, id: VarId) -> Option<&[u64]> {
        self.outs
            .iter()
            .find(|(v, _)| *v == id)
            .map(|(_, s)| s.as_slice())
    }
}

/// The vertices and triangles one stage produced, with the shader whose outputs they hold.
pub(crate) struct Stream<'s> {
    pub shader: &'s Shader,
    pub verts: Vec<Vertex>,
    pub tris: Vec<[usize; 3]>,
    /// The primitive each triangle belongs to (`gl_PrimitiveID` without a geometry
    /// shader), when not its own position: the patch of a tessellated triangle.
    pub prim_ids: Vec<u32>,
}

/// Why a program with these stages cannot be drawn here (a skip, not a failure).
pub(crate) fn unsupported(shaders: &[&Shader]) -> Option<String> {
    for sh in shaders {
        match sh.stage {
            Stage::TessEval => {
                match sh.info.tess_primitive.as_deref() {
                    Some("triangles" | "quads") | None => {}
                    Some(p) => return Some(format!("tessellation in `{p}` is not drawn")),
                }
                if sh.info.tess_point_mode {
                    return Some("tessellation `point_mode` is not drawn".into());
                }
            }
            Stage::Geometry => {
                let Some(g) = &sh.info.geometry else {
                    continue;
                };
                if g.input != "triangles" {
                    return Some(format!("geometry input `{}` is not drawn", g.input));
                }
                if g.output != "triangle_strip" {
                    return Some(format!("geometry output `{}` is not drawn", g.output));
                }
            }
            _ => {}
        }
    }
    None
}

/// The vertex shader's four corners and the quad's two triangles.
pub(crate) fn from_vertex_stage<'s>(vs: &'s Shader, vi: &Interp<'_>, count: usize) -> Stream<'s> {
    let verts = (0..count).map(|i| collect_vertex(vs, vi, i)).collect();
    Stream {
        shader: vs,
        verts,
        tris: vec![[0, 1, 2], [2, 1, 3]],
        prim_ids: Vec::new(),
    }
}

/// The outputs of invocation `inv` of the last run as a vertex.
fn collect_vertex(sh: &Shader, it: &Interp<'_>, inv: usize) -> Vertex {
    let mut v = Vertex {
        pos: [0.0, 0.0, 0.0, 1.0],
        outs: Vec::new(),
    };
    for (id, var) in sh.vars_of(VarMode::ShaderOut) {
        let Some(slots) = it.output(&var.name).and_then(|o| o.get(inv)) else {
            continue;
        };
        if var.builtin && var.name == "gl_Position" {
            v.pos = position(slots, &it.leaves(id));
        }
        v.outs.push((id, slots.clone()));
    }
    v
}

fn position(slots: &[u64], leaves: &[Leaf]) -> [f64; 4] {
    let mut p = [0.0, 0.0, 0.0, 1.0];
    for (i, x) in p.iter_mut().enumerate() {
        if let (Some(b), Some(l)) = (slots.get(i), leaves.get(i)) {
            *x = scalar_f64(Scalar::decode(*b, *l));
        }
    }
    p
}

/// The producer's output that feeds the consumer input `cin`: by name, else by location.
fn source_of(producer: &Shader, consumer: &Shader, cin: VarId, patch: bool) -> Option<VarId> {
    let c = &consumer.vars[cin];
    let candidates = || {
        producer
            .vars_of(VarMode::ShaderOut)
            .filter(move |(_, o)| o.patch == patch && o.builtin == c.builtin)
    };
    candidates()
        .find(|(_, o)| o.name == c.name)
        .or_else(|| {
            let loc = c.location?;
            candidates().find(|(_, o)| o.location == Some(loc))
        })
        .map(|(id, _)| id)
}

/// Sets every per-vertex input array of `sh` (user and built-in) from the `verts` of the
/// producer, the same for each of `invocations`.
fn feed_per_vertex(
    it: &mut Interp<'_>,
    sh: &Shader,
    producer: &Shader,
    verts: &[&Vertex],
    invocations: usize,
) -> Result<(), Error> {
    let inputs: Vec<(VarId, String)> = sh
        .vars_of(VarMode::ShaderIn)
        .filter(|(_, v)| !v.patch)
        .map(|(id, v)| (id, v.name.clone()))
        .collect();
    for (id, name) in inputs {
        let Some(src) = source_of(producer, sh, id, false) else {
            continue;
        };
        let total = it.leaves(id).len();
        let mut slots = Vec::with_capacity(total);
        for v in verts {
            slots.extend_from_slice(v.out(src).unwrap_or(&[]));
        }
        slots.resize(total, 0);
        it.set_input(&name, vec![slots; invocations])?;
    }
    Ok(())
}

/// Sets a built-in input the shader declares (uses), per invocation.
fn set_builtin(it: &mut Interp<'_>, sh: &Shader, name: &str, per_invocation: Vec<Vec<u64>>) {
    let declared = sh
        .vars_of(VarMode::ShaderIn)
        .any(|(_, v)| v.builtin && v.name == name);
    if declared {
        // Declared, so `set_input` finds it.
        let _ = it.set_input(name, per_invocation);
    }
}

/// One patch after the tessellation control stage.
struct Patch {
    verts: Vec<Vertex>,
    /// Per-patch outputs (including the tessellation levels).
    patch_outs: Vec<(VarId, Vec<u64>)>,
}

/// How a tessellation evaluation shader's domain is subdivided.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Subdivision {
    /// Two segments per edge whatever the levels (the dEQP runner's linkage tests).
    Fixed,
    /// As the patch's tessellation levels ask (the control shader's, else these defaults,
    /// `glPatchParameterfv`'s): a patch with an outer level of zero or less (or NaN) is
    /// discarded, and an edge gets as many segments as its largest level, clamped to
    /// [1, 64] and rounded up by the spacing (to an even count for `fractional_even_spacing`,
    /// an odd one for `fractional_odd_spacing`). The evaluation points are uniform in the
    /// domain (a real tessellator places inner rings and fractional segments otherwise,
    /// over the same area).
    Levels { outer: [f64; 4], inner: [f64; 2] },
}

/// Most segments an edge of the domain is cut into (GL's `MAX_TESS_GEN_LEVEL`).
const MAX_TESS_LEVEL: f64 = 64.0;

/// Most vertices the tessellation or geometry stage of one draw may produce (a bound on
/// the work of hostile draws).
const MAX_STAGE_VERTICES: usize = 1 << 22;

fn too_many_vertices(stage: &str) -> Error {
    Error::Limit(format!(
        "the {stage} stage of a draw produced more than {MAX_STAGE_VERTICES} vertices"
    ))
}

/// Runs the tessellation control (if any) and evaluation shaders over the `patches` (lists
/// of input vertices). `setup` prepares each run's interpreter (uniforms, buffers), `after`
/// takes back what a run left in memory (buffers, counters).
pub(crate) fn tessellate<'s>(
    input: Stream<'_>,
    patch_lists: &[Vec<usize>],
    tcs: Option<&'s Shader>,
    tes: &'s Shader,
    setup: &dyn Fn(&mut Interp<'_>),
    after: &dyn Fn(&Interp<'_>),
    subdivision: Subdivision,
) -> Result<Stream<'s>, Error> {
    // Without a control shader the patch is the input patch itself.
    let mut patches = Vec::new();
    let patch_shader: &Shader = tcs.unwrap_or(input.shader);
    for (p, list) in patch_lists.iter().enumerate() {
        let corners: Vec<&Vertex> = list.iter().filter_map(|&i| input.verts.get(i)).collect();
        let Some(tcs) = tcs else {
            patches.push(Patch {
                verts: corners.into_iter().cloned().collect(),
                patch_outs: Vec::new(),
            });
            continue;
        };
        let n = tcs.info.tess_vertices.unwrap_or(3).clamp(1, 32) as usize;
        let mut it = Interp::new(tcs)?;
        setup(&mut it);
        feed_per_vertex(&mut it, tcs, input.shader, &corners, n)?;
        set_builtin(
            &mut it,
            tcs,
            "gl_PatchVerticesIn",
            vec![vec![corners.len() as u64]; n],
        );
        set_builtin(&mut it, tcs, "gl_PrimitiveID", vec![vec![p as u64]; n]);
        it.run_vertex(n)?;
        after(&it);
        let mut verts = vec![Vertex::default(); n];
        let mut patch_outs: Vec<(VarId, Vec<u64>)> = Vec::new();
        for (id, var) in tcs.vars_of(VarMode::ShaderOut) {
            let Some(per_inv) = it.output(&var.name) else {
                continue;
            };
            if var.patch {
                // The first non-zero value each slot got from any invocation.
                let len = per_inv.first().map_or(0, Vec::len);
                let merged = (0..len)
                    .map(|s| {
                        per_inv
                            .iter()
                            .map(|o| o.get(s).copied().unwrap_or(0))
                            .find(|&x| x != 0)
                            .unwrap_or(0)
                    })
                    .collect();
                patch_outs.push((id, merged));
                continue;
            }
            let leaves = it.leaves(id);
            let per = leaves.len() / n.max(1);
            for (j, v) in verts.iter_mut().enumerate() {
                let own = per_inv.get(j).map_or(&[][..], |o| o.as_slice());
                let slots: Vec<u64> = own.iter().skip(j * per).take(per).copied().collect();
                if var.builtin && var.name == "gl_Position" {
                    v.pos = position(&slots, &leaves[j * per..]);
                }
                v.outs.push((id, slots));
            }
        }
        patches.push(Patch { verts, patch_outs });
    }
    let quads = tes.info.tess_primitive.as_deref() == Some("quads");
    let by_levels = matches!(subdivision, Subdivision::Levels { .. });
    let mut out = Stream {
        shader: tes,
        verts: Vec::new(),
        tris: Vec::new(),
        prim_ids: Vec::new(),
    };
    for (p, patch) in patches.iter().enumerate() {
        // The levels: the control shader's outputs, else the defaults.
        let (mut outer, mut inner) = match subdivision {
            Subdivision::Fixed => ([2.0; 4], [2.0; 2]),
            Subdivision::Levels { outer, inner } => (outer, inner),
        };
        if let (Some(tcs), Subdivision::Levels { .. }) = (tcs, subdivision) {
            let level = |name: &str, k: usize| -> Option<f64> {
                let (id, _) = tcs
                    .vars_of(VarMode::ShaderOut)
                    .find(|(_, v)| v.builtin && v.name == name)?;
                let bits = patch.patch_outs.iter().find(|(v, _)| *v == id)?.1.get(k)?;
                Some(scalar_f64(Scalar::decode(*bits, Leaf::Float(32))))
            };
            for (k, o) in outer.iter_mut().enumerate() {
                *o = level("gl_TessLevelOuter", k).unwrap_or(0.0);
            }
            for (k, i) in inner.iter_mut().enumerate() {
                *i = level("gl_TessLevelInner", k).unwrap_or(0.0);
            }
        }
        let edges = if quads { 4 } else { 3 };
        if outer[..edges].iter().any(|o| o.is_nan() || *o <= 0.0) {
            continue;
        }
        let spacing = tes.info.tess_spacing.as_deref();
        let segments = |levels: &[f64]| -> usize {
            let l = levels
                .iter()
                .map(|l| if l.is_nan() { 1.0 } else { *l })
                .fold(1.0f64, f64::max)
                .min(MAX_TESS_LEVEL)
                .ceil() as usize;
            match spacing {
                Some("fractional_even_spacing") => l.max(2).next_multiple_of(2),
                Some("fractional_odd_spacing") if l % 2 == 0 => l + 1,
                _ => l,
            }
        };
        let (coords, tris) = if quads {
            domain(
                true,
                segments(&[inner[0], outer[1], outer[3]]),
                segments(&[inner[1], outer[0], outer[2]]),
            )
        } else {
            let n = segments(&[inner[0], outer[0], outer[1], outer[2]]);
            domain(false, n, n)
        };
        let count = coords.len();
        if out.verts.len().saturating_add(count) > MAX_STAGE_VERTICES {
            return Err(too_many_vertices("tessellation"));
        }
        let mut it = Interp::new(tes)?;
        setup(&mut it);
        let pv: Vec<&Vertex> = patch.verts.iter().collect();
        feed_per_vertex(&mut it, tes, patch_shader, &pv, count)?;
        let patch_inputs: Vec<(VarId, String)> = tes
            .vars_of(VarMode::ShaderIn)
            .filter(|(_, v)| {
                v.patch || matches!(v.name.as_str(), "gl_TessLevelOuter" | "gl_TessLevelInner")
            })
            .map(|(id, v)| (id, v.name.clone()))
            .collect();
        for (id, name) in patch_inputs {
            let found = source_of(patch_shader, tes, id, true)
                .and_then(|src| patch.patch_outs.iter().find(|(v, _)| *v == src));
            let slots = match found {
                Some((_, slots)) => slots.clone(),
                // Levels no control shader wrote: the ones in force.
                None if by_levels && name == "gl_TessLevelOuter" => outer
                    .iter()
                    .map(|x| Scalar::Float(*x).encode(Leaf::Float(32)))
                    .collect(),
                None if by_levels && name == "gl_TessLevelInner" => inner
                    .iter()
                    .map(|x| Scalar::Float(*x).encode(Leaf::Float(32)))
                    .collect(),
                None => continue,
            };
            it.set_input(&name, vec![slots; count])?;
        }
        let tess_coord = coords
            .iter()
            .map(|c| {
                c.iter()
                    .map(|x| Scalar::Float(*x).encode(Leaf::Float(32)))
                    .collect()
            })
            .collect();
        set_builtin(&mut it, tes, "gl_TessCoord", tess_coord);
        set_builtin(
            &mut it,
            tes,
            "gl_PatchVerticesIn",
            vec![vec![patch.verts.len() as u64]; count],
        );
        set_builtin(&mut it, tes, "gl_PrimitiveID", vec![vec![p as u64]; count]);
        it.run_vertex(count)?;
        after(&it);
        let base = out.verts.len();
        for i in 0..count {
            out.verts.push(collect_vertex(tes, &it, i));
        }
        out.tris
            .extend(tris.iter().map(|t| [base + t[0], base + t[1], base + t[2]]));
        out.prim_ids.resize(out.tris.len(), p as u32);
    }
    Ok(out)
}

/// The evaluation points of a domain (barycentric `(u, v, w)` for triangles, `(u, v, 0)` for
/// quads), `nu` segments along u and `nv` along v (triangles: `nu` per edge), and the
/// triangles between them.
fn domain(quads: bool, nu: usize, nv: usize) -> (Vec<[f64; 3]>, Vec<[usize; 3]>) {
    let (nu, nv) = (nu.max(1), nv.max(1));
    let mut coords = Vec::new();
    let mut tris = Vec::new();
    if quads {
        for j in 0..=nv {
            for i in 0..=nu {
                coords.push([i as f64 / nu as f64, j as f64 / nv as f64, 0.0]);
            }
        }
        let at = |i: usize, j: usize| j * (nu + 1) + i;
        for j in 0..nv {
            for i in 0..nu {
                tris.push([at(i, j), at(i + 1, j), at(i, j + 1)]);
                tris.push([at(i, j + 1), at(i + 1, j), at(i + 1, j + 1)]);
            }
        }
    } else {
        let n = nu;
        // Rows from the w = 1 corner: point (i, j) has u = i/n, v = j/n.
        let mut index = vec![vec![0usize; n + 1]; n + 1];
        for (j, row) in index.iter_mut().enumerate() {
            for (i, slot) in row.iter_mut().enumerate().take(n + 1 - j) {
                *slot = coords.len();
                let (u, v) = (i as f64 / n as f64, j as f64 / n as f64);
                coords.push([u, v, 1.0 - u - v]);
            }
        }
        for j in 0..n {
            for i in 0..n - j {
                tris.push([index[j][i], index[j][i + 1], index[j + 1][i]]);
                if i + j + 1 < n {
                    tris.push([index[j][i + 1], index[j + 1][i + 1], index[j + 1][i]]);
                }
            }
        }
    }
    (coords, tris)
}

/// Runs the geometry shader once per input primitive (`prims`: lists of the input's vertices,
/// as many as the shader's input primitive has) and invocation; its triangle strips are the
/// output.
pub(crate) fn geometry<'s>(
    input: Stream<'_>,
    prims: &[Vec<usize>],
    gs: &'s Shader,
    setup: &dyn Fn(&mut Interp<'_>),
    after: &dyn Fn(&Interp<'_>),
) -> Result<Stream<'s>, Error> {
    let invocations = gs
        .info
        .geometry
        .as_ref()
        .map_or(1, |g| g.invocations.clamp(1, 32) as usize);
    let mut out = Stream {
        shader: gs,
        verts: Vec::new(),
        tris: Vec::new(),
        prim_ids: Vec::new(),
    };
    let pos_out = gs
        .vars_of(VarMode::ShaderOut)
        .find(|(_, v)| v.builtin && v.name == "gl_Position")
        .map(|(id, _)| id);
    for (p, prim) in prims.iter().enumerate() {
        let corners: Vec<&Vertex> = prim.iter().filter_map(|&i| input.verts.get(i)).collect();
        let mut it = Interp::new(gs)?;
        setup(&mut it);
        feed_per_vertex(&mut it, gs, input.shader, &corners, invocations)?;
        set_builtin(
            &mut it,
            gs,
            "gl_PrimitiveIDIn",
            vec![vec![p as u64]; invocations],
        );
        it.run_vertex(invocations)?;
        after(&it);
        let pos_leaves = pos_out.map(|id| it.leaves(id)).unwrap_or_default();
        for list in it.emitted() {
            // One strip per EndPrimitive, and one at the end of the invocation.
            let mut strip: Vec<usize> = Vec::new();
            // Every other triangle of a strip is wound the other way round (GL's strip
            // order: the odd ones as (1, 0, 2)), so all face alike; the last vertex
            // provokes.
            let flush = |strip: &mut Vec<usize>, tris: &mut Vec<[usize; 3]>| {
                tris.extend(strip.windows(3).enumerate().map(|(k, w)| {
                    if k % 2 == 0 {
                        [w[0], w[1], w[2]]
                    } else {
                        [w[1], w[0], w[2]]
                    }
                }));
                strip.clear();
            };
            for e in list {
                if e.stream != 0 {
                    continue;
                }
                if e.end_primitive {
                    flush(&mut strip, &mut out.tris);
                    continue;
                }
                let mut v = Vertex {
                    pos: [0.0, 0.0, 0.0, 1.0],
                    outs: e.outputs.clone(),
                };
                if let Some(s) = pos_out.and_then(|id| v.out(id)) {
                    v.pos = position(s, &pos_leaves);
                }
                if out.verts.len() >= MAX_STAGE_VERTICES {
                    return Err(too_many_vertices("geometry"));
                }
                strip.push(out.verts.len());
                out.verts.push(v);
            }
            flush(&mut strip, &mut out.tris);
        }
    }
    Ok(out)
}

/// The barycentric weights of the point in the triangle (screen space), if it covers it.
fn cover(verts: &[Vertex], tri: &[usize; 3], x: f64, y: f64) -> Option<[f64; 3]> {
    let [b0, b1, b2] = weights(verts, tri, x, y)?;
    const EPS: f64 = 1e-9;
    (b0 >= -EPS && b1 >= -EPS && b2 >= -EPS).then_some([b0, b1, b2])
}

/// The barycentric weights of fragment `f`'s centre in the stream's triangle `tri`, covered
/// or not (outside, some are negative: the primitive's plane extrapolated, as a helper
/// invocation sees it); `None` for a degenerate triangle.
pub(crate) fn extrapolated_weights(
    stream: &Stream<'_>,
    tri: &[usize; 3],
    f: Fragment,
    viewport: [u32; 2],
) -> Option<[f64; 3]> {
    let x = (f64::from(f.x) + 0.5) / f64::from(viewport[0].max(1)) * 2.0 - 1.0;
    let y = (f64::from(f.y) + 0.5) / f64::from(viewport[1].max(1)) * 2.0 - 1.0;
    if tri.iter().any(|&i| i >= stream.verts.len()) {
        return None;
    }
    weights(&stream.verts, tri, x, y)
}

/// The barycentric weights of a point in the triangle's plane (screen space).
fn weights(verts: &[Vertex], tri: &[usize; 3], x: f64, y: f64) -> Option<[f64; 3]> {
    let p: Vec<(f64, f64)> = tri
        .iter()
        .map(|&i| {
            let v = &verts[i].pos;
            let w = if v[3] == 0.0 { 1.0 } else { v[3] };
            (v[0] / w, v[1] / w)
        })
        .collect();
    let area = (p[1].0 - p[0].0) * (p[2].1 - p[0].1) - (p[2].0 - p[0].0) * (p[1].1 - p[0].1);
    if area.abs() < 1e-12 {
        return None;
    }
    let b1 = ((x - p[0].0) * (p[2].1 - p[0].1) - (p[2].0 - p[0].0) * (y - p[0].1)) / area;
    let b2 = ((p[1].0 - p[0].0) * (y - p[0].1) - (x - p[0].0) * (p[1].1 - p[0].1)) / area;
    Some([1.0 - b1 - b2, b1, b2])
}

/// The last primitive of the stream (in draw order) covering the centre of fragment `f` of a
/// `viewport` (window size in pixels), with the centre's barycentric weights in it.
pub(crate) fn covering(
    stream: &Stream<'_>,
    f: Fragment,
    viewport: [u32; 2],
) -> Option<([usize; 3], [f64; 3])> {
    let x = (f64::from(f.x) + 0.5) / f64::from(viewport[0].max(1)) * 2.0 - 1.0;
    let y = (f64::from(f.y) + 0.5) / f64::from(viewport[1].max(1)) * 2.0 - 1.0;
    stream
        .tris
        .iter()
        .rev()
        .find_map(|t| cover(&stream.verts, t, x, y).map(|b| (*t, b)))
}

/// What [`covering`] finds at every pixel of a `viewport` (row by row from the bottom),
/// found triangle by triangle over the pixels of each one's bounding box; `Err` with the
/// number of pixel tests needed when that is more than `budget`.
#[allow(clippy::type_complexity)]
pub(crate) fn coverage(
    stream: &Stream<'_>,
    viewport: [u32; 2],
    budget: u64,
) -> Result<Vec<Option<([usize; 3], [f64; 3])>>, u64> {
    let [w, h] = viewport.map(|v| v.max(1));
    let to_ndc = |v: u32, size: u32| (f64::from(v) + 0.5) / f64::from(size) * 2.0 - 1.0;
    // The pixel range whose centres lie within [lo, hi] in NDC (one pixel of margin).
    let span = |lo: f64, hi: f64, size: u32| -> (u32, u32) {
        let s = f64::from(size);
        let a = ((lo + 1.0) / 2.0 * s - 0.5).floor() - 1.0;
        let b = ((hi + 1.0) / 2.0 * s - 0.5).ceil() + 1.0;
        (a.clamp(0.0, s - 1.0) as u32, b.clamp(0.0, s - 1.0) as u32)
    };
    let mut boxes = Vec::with_capacity(stream.tris.len());
    let mut tests = 0u64;
    for t in &stream.tris {
        let p: Vec<[f64; 2]> = t
            .iter()
            .map(|&i| {
                let v = stream.verts.get(i).map_or([f64::NAN; 4], |v| v.pos);
                let q = if v[3] == 0.0 { 1.0 } else { v[3] };
                [v[0] / q, v[1] / q]
            })
            .collect();
        let finite = p.iter().all(|c| c[0].is_finite() && c[1].is_finite());
        let ((x0, x1), (y0, y1)) = if finite {
            let (lx, hx) = p
                .iter()
                .fold((f64::MAX, f64::MIN), |(a, b), c| (a.min(c[0]), b.max(c[0])));
            let (ly, hy) = p
                .iter()
                .fold((f64::MAX, f64::MIN), |(a, b), c| (a.min(c[1]), b.max(c[1])));
            if hx < -1.5 || lx > 1.5 || hy < -1.5 || ly > 1.5 {
                boxes.push(None);
                continue;
            }
            (span(lx, hx, w), span(ly, hy, h))
        } else {
            ((0, w - 1), (0, h - 1))
        };
        tests = tests.saturating_add(u64::from(x1 - x0 + 1) * u64::from(y1 - y0 + 1));
        if tests > budget {
            return Err(tests);
        }
        boxes.push(Some((x0, x1, y0, y1)));
    }
    let mut hits = vec![None; (w as usize) * (h as usize)];
    for (t, b) in stream.tris.iter().zip(&boxes) {
        let Some((x0, x1, y0, y1)) = *b else {
            continue;
        };
        if t.iter().any(|&i| i >= stream.verts.len()) {
            continue;
        }
        for y in y0..=y1 {
            for x in x0..=x1 {
                if let Some(wts) = cover(&stream.verts, t, to_ndc(x, w), to_ndc(y, h)) {
                    hits[(y * w + x) as usize] = Some((*t, wts));
                }
            }
        }
    }
    Ok(hits)
}

/// Sets the fragment shader's inputs for `frags` from the stream's primitives; `Err` names a
/// fragment no primitive covers (the runner would read the clear colour there).
pub(crate) fn fragment_inputs(
    stream: &Stream<'_>,
    fs: &Shader,
    fi: &mut Interp<'_>,
    frags: &[Fragment],
    by_location: bool,
    viewport: [u32; 2],
) -> Result<Result<(), String>, Error> {
    // The covering primitive and weights of each fragment: the last one drawn.
    let mut hits = Vec::with_capacity(frags.len());
    for f in frags {
        match covering(stream, *f, viewport) {
            Some(h) => hits.push(h),
            None => {
                return Ok(Err(format!(
                    "no primitive covers fragment ({}, {})",
                    f.x, f.y
                )))
            }
        }
    }
    fragment_inputs_at(stream, fs, fi, &hits, by_location)?;
    Ok(Ok(()))
}

/// Sets the fragment shader's inputs from the primitive covering each fragment and the
/// fragment's barycentric weights in it.
pub(crate) fn fragment_inputs_at(
    stream: &Stream<'_>,
    fs: &Shader,
    fi: &mut Interp<'_>,
    hits: &[([usize; 3], [f64; 3])],
    by_location: bool,
) -> Result<(), Error> {
    let producer = stream.shader;
    let inputs: Vec<(VarId, String)> = fs
        .vars_of(VarMode::ShaderIn)
        .filter(|(_, v)| !v.builtin || builtin_varying_source(&v.name).is_some())
        .map(|(id, v)| (id, v.name.clone()))
        .collect();
    for (id, name) in inputs {
        let leaves = fi.leaves(id);
        let Some(sources) = input_sources(producer, fs, id, leaves.len(), by_location) else {
            continue;
        };
        let interps = leaf_interpolations(fs, id, leaves.len());
        // GL clamps the compatibility profile's vertex colours to [0, 1] (the initial
        // `GL_CLAMP_VERTEX_COLOR`) before they are interpolated.
        let clamped =
            fs.vars[id].builtin && matches!(name.as_str(), "gl_Color" | "gl_SecondaryColor");
        let clamp = |x: f64| if clamped { x.clamp(0.0, 1.0) } else { x };
        let per_frag: Vec<Vec<u64>> = hits
            .iter()
            .map(|(tri, b)| {
                let verts: Vec<&Vertex> = tri.iter().map(|&i| &stream.verts[i]).collect();
                // Perspective-correct weights: b_i / w_i, normalized.
                let perspective = {
                    let mut q = [0.0; 3];
                    for (k, v) in verts.iter().enumerate() {
                        let w = if v.pos[3] == 0.0 { 1.0 } else { v.pos[3] };
                        q[k] = b[k] / w;
                    }
                    let s: f64 = q.iter().sum();
                    if s == 0.0 {
                        *b
                    } else {
                        q.map(|x| x / s)
                    }
                };
                leaves
                    .iter()
                    .enumerate()
                    .map(|(i, l)| {
                        let Some(Some((pid, slot))) = sources.get(i) else {
                            return 0;
                        };
                        let interp = interps[i];
                        let wts = if interp == Interpolation::NoPerspective {
                            *b
                        } else {
                            perspective
                        };
                        let get = |v: &Vertex| v.out(*pid).and_then(|s| s.get(*slot)).copied();
                        match l {
                            Leaf::Float(_) if interp != Interpolation::Flat => {
                                let mut acc = 0.0;
                                for (k, v) in verts.iter().enumerate() {
                                    let bits = get(v).unwrap_or(0);
                                    acc += clamp(scalar_f64(Scalar::decode(bits, *l))) * wts[k];
                                }
                                Scalar::Float(acc).encode(*l)
                            }
                            Leaf::Float(_) if clamped => {
                                let bits = get(verts[2]).unwrap_or(0);
                                Scalar::Float(clamp(scalar_f64(Scalar::decode(bits, *l))))
                                    .encode(*l)
                            }
                            // Flat: the provoking (last) vertex.
                            _ => get(verts[2]).unwrap_or(0),
                        }
                    })
                    .collect()
            })
            .collect();
        fi.set_input(&name, per_frag)?;
    }
    Ok(())
}

/// The interpolation of each of the `n` slots of an input: the variable's, or for an
/// interface block each member's own qualifier where it has one.
fn leaf_interpolations(sh: &Shader, id: VarId, n: usize) -> Vec<Interpolation> {
    let v = &sh.vars[id];
    let mut out = Vec::with_capacity(n);
    // An array of blocks repeats the block's pattern.
    let mut ty = v.ty;
    while let fresnel_ir::Type::Array { elem, .. } = sh.types.get(ty) {
        ty = *elem;
    }
    if let (false, fresnel_ir::Type::Struct { fields, .. }) =
        (v.members.is_empty(), sh.types.get(ty))
    {
        let mut block = Vec::new();
        for (k, f) in fields.iter().enumerate() {
            let member = v.members.get(k).map_or(v.interp, |m| {
                if m.interp == Interpolation::Smooth {
                    v.interp
                } else {
                    m.interp
                }
            });
            block.extend(std::iter::repeat_n(
                member,
                scalar_count(&sh.types, f.ty, 0),
            ));
        }
        while !block.is_empty() && out.len() < n {
            out.extend_from_slice(&block);
        }
    }
    out.resize(n, v.interp);
    out
}

/// The scalars of a type (slots of an input).
pub(crate) fn scalar_count(
    types: &fresnel_ir::Types,
    ty: fresnel_ir::TypeId,
    depth: usize,
) -> usize {
    use fresnel_ir::Type;
    if depth > 64 {
        return 1;
    }
    match types.get(ty) {
        Type::Vector { components, .. } => usize::from(*components),
        Type::Matrix { columns, rows, .. } => usize::from(*columns) * usize::from(*rows),
        Type::Array { elem, len, .. } => {
            ((*len).max(1) as usize).saturating_mul(scalar_count(types, *elem, depth + 1))
        }
        Type::Struct { fields, .. } => fields
            .iter()
            .map(|f| scalar_count(types, f.ty, depth + 1))
            .sum(),
        _ => 1,
    }
}

/// The producer's output slot that feeds each of the `slots` slots of the consumer's input
/// `cin`: by name, else by location (by location first when `by_location`, as the Vulkan
/// runner matches). `None` when neither finds one.
pub(super) fn input_sources(
    producer: &Shader,
    consumer: &Shader,
    cin: VarId,
    slots: usize,
    by_location: bool,
) -> Option<Vec<Option<(VarId, usize)>>> {
    let cvar = &consumer.vars[cin];
    let name = &cvar.name;
    if cvar.builtin {
        // A built-in varying of the compatibility profile: from its vertex-side name.
        let from = builtin_varying_source(name)?;
        return producer
            .vars_of(VarMode::ShaderOut)
            .find(|(_, o)| o.builtin && o.name == from)
            .map(|(pid, _)| (0..slots).map(|i| Some((pid, i))).collect());
    }
    let by_name = || {
        producer
            .vars_of(VarMode::ShaderOut)
            .find(|(_, o)| o.name == *name && !o.builtin)
            .map(|(pid, _)| (0..slots).map(|i| Some((pid, i))).collect())
    };
    let by_loc = || {
        let wanted = var_loc_slots(consumer, cin, None)?;
        // Producer outputs by (location, component): (variable, slot).
        let mut table = Vec::new();
        for (pid, _) in producer.vars_of(VarMode::ShaderOut) {
            if let Some(ps) = var_loc_slots(producer, pid, None) {
                for (i, lc) in ps.into_iter().enumerate() {
                    table.push((lc, pid, i));
                }
            }
        }
        Some(
            wanted
                .iter()
                .map(|lc| {
                    table
                        .iter()
                        .find(|(x, _, _)| x == lc)
                        .map(|(_, p, i)| (*p, *i))
                })
                .collect(),
        )
    };
    if by_location {
        by_loc().or_else(by_name)
    } else {
        by_name().or_else(by_loc)
    }
}

/// The output of the stage before the fragment shader that feeds a built-in fragment input:
/// the compatibility profile's colours, texture coordinates and fog coordinate (every
/// primitive is front-facing here), and the clip and cull distances.
pub(crate) fn builtin_varying_source(input: &str) -> Option<&'static str> {
    Some(match input {
        "gl_Color" => "gl_FrontColor",
        "gl_SecondaryColor" => "gl_FrontSecondaryColor",
        "gl_TexCoord" => "gl_TexCoord",
        "gl_FogFragCoord" => "gl_FogFragCoord",
        "gl_ClipDistance" => "gl_ClipDistance",
        "gl_CullDistance" => "gl_CullDistance",
        _ => return None,
    })
}

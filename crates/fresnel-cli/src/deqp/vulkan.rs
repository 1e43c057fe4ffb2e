//! The Vulkan back end of `fresnel deqp`: the program is linked (`fresnel_link`: locations,
//! bindings, the GL default uniform block), compiled to SPIR-V and drawn on the Vulkan
//! device (`fresnel_vk`, Mesa lavapipe) as the same 2x2 quad the interpreter shades; the
//! pixels go to the judgement the interpreter's colours go to ([`super::judge`]). A program
//! with tessellation or geometry shaders draws the quad as the interpreter's two triangles
//! (corners 0, 1, 2 and 2, 1, 3, see `pipeline.rs`), as two patches of three vertices when
//! it tessellates.
//!
//! Inputs are fed as the interpreter feeds them: the position (location 0 in Vulkan-flavour
//! shaders, `dEQP_Position` in GL ones) gets the quad's corners, Vulkan-flavour inputs take
//! the values by location, GL ones by name. Uniform and storage blocks get the bytes the
//! interpreter computes for them: an `Interp` of the linked shader runs the same
//! [`super::set_uniforms`] and its block bytes are uploaded.

use fresnel_backend::spirv::{emit, SpirvOptions, TargetEnv as SpvTarget};
use fresnel_interp::{Interp, Leaf, Scalar};
use fresnel_ir::{BaseType, Shader, Type, TypeId, Types, VarMode};
use fresnel_link::{link_program, DefaultBlockOptions, LinkOptions, DEFAULT_BLOCK_NAME};
use fresnel_testfmt::deqp::{Flavor, ValueBlock};
use fresnel_testfmt::Stage as TStage;
use fresnel_vk::{
    Attachment, BufferBinding, BufferKind, ColorFormat, Gpu, NumKind, RenderJob, Topology,
    VertexAttribute, VertexFormat, VkError,
};

use super::{encode_all, set_uniforms, sub_values, var_loc_slots, Frame, Outcome, Test, CORNERS};

/// The quad's two triangles as vertex indices (the interpreter's, `pipeline.rs`), drawn
/// as a triangle or patch list when the program has tessellation or geometry shaders.
const TRIANGLES: [usize; 6] = [0, 1, 2, 2, 1, 3];

/// A vertex shader input: its variable, its scalar slots and where they go.
struct Input {
    name: String,
    var: fresnel_ir::VarId,
    /// (location, component) of each scalar slot.
    slots: Vec<(i32, u8)>,
    /// Takes the quad's corners.
    position: bool,
}

/// One colour attachment: its location, format and which components the shader writes.
struct Target {
    location: u32,
    format: ColorFormat,
    written: [bool; 4],
}

/// A linked shader and its SPIR-V.
struct Module {
    shader: Shader,
    spirv: Vec<u32>,
}

/// A program ready to draw: the linked shaders and their SPIR-V.
pub(super) struct VkProgram {
    vs: Shader,
    fs: Shader,
    vs_spirv: Vec<u32>,
    fs_spirv: Vec<u32>,
    tcs: Option<Module>,
    tes: Option<Module>,
    gs: Option<Module>,
    /// The default uniform block's initial bytes (initializers), when linking made one.
    default_block: Option<Vec<u8>>,
    inputs: Vec<Input>,
    /// Vertex attribute locations and their numeric kinds.
    attributes: Vec<(u32, NumKind)>,
    targets: Vec<Target>,
    /// A sampler (or other opaque uniform) the program uses: the harness binds no
    /// textures, so such a program is compiled but not drawn.
    pub(super) opaque: Option<String>,
}

/// The primitive bounding box a tessellation control shader may write
/// (`gl_BoundingBox`, GL_EXT/OES_primitive_bounding_box) is a hint the implementation may
/// ignore, and Vulkan has no counterpart: as GL-on-Vulkan layers do (ANGLE replaces it with
/// a private variable), the harness makes it a private global, whose writes go nowhere.
fn drop_bounding_box(sh: &mut Shader) {
    for (_, v) in sh.vars.iter_mut() {
        let bbox = matches!(
            v.name.as_str(),
            "gl_BoundingBox" | "gl_BoundingBoxEXT" | "gl_BoundingBoxOES"
        );
        if bbox && v.builtin && v.mode == VarMode::ShaderOut {
            v.mode = VarMode::Global;
            v.builtin = false;
            v.patch = false;
        }
    }
}

/// The base type of a type's scalars (`None` for opaque types and structs).
fn base_of(types: &Types, ty: TypeId, depth: usize) -> Option<BaseType> {
    if depth > 32 {
        return None;
    }
    match types.get(ty) {
        Type::Vector { base, .. } => Some(*base),
        Type::Matrix { .. } => Some(BaseType::Float),
        Type::Array { elem, .. } => base_of(types, *elem, depth + 1),
        _ => None,
    }
}

fn num_kind(b: BaseType) -> NumKind {
    match b {
        BaseType::Float => NumKind::Float,
        BaseType::Int | BaseType::Bool => NumKind::Sint,
        BaseType::Uint => NumKind::Uint,
    }
}

/// Whether a type is or contains an opaque type (sampler, image, atomic counter).
fn has_opaque(types: &Types, ty: TypeId, depth: usize) -> bool {
    if depth > 32 {
        return false;
    }
    match types.get(ty) {
        Type::Sampler { .. } | Type::Image { .. } | Type::AtomicCounter | Type::Opaque(_) => true,
        Type::Array { elem, .. } => has_opaque(types, *elem, depth + 1),
        Type::Struct { fields, .. } => fields.iter().any(|f| has_opaque(types, f.ty, depth + 1)),
        _ => false,
    }
}

/// The byte size of a block type (its furthest member end, rounded up to 16).
fn block_size(types: &Types, ty: TypeId) -> usize {
    fn size(types: &Types, ty: TypeId, row_major: bool, mstride: Option<u32>, depth: usize) -> u64 {
        if depth > 32 {
            return 0;
        }
        match types.get(ty) {
            Type::Vector {
                bits, components, ..
            } => u64::from((*bits).max(32) / 8) * u64::from(*components),
            Type::Matrix {
                bits,
                columns,
                rows,
            } => {
                let (n, m) = if row_major {
                    (*rows, *columns)
                } else {
                    (*columns, *rows)
                };
                let stride = mstride.map_or(u64::from(*bits / 8) * u64::from(m), u64::from);
                stride * u64::from(n)
            }
            Type::Array { elem, len, stride } => {
                let s = if *stride > 0 {
                    u64::from(*stride)
                } else {
                    size(types, *elem, row_major, mstride, depth + 1)
                };
                s * u64::from((*len).max(1))
            }
            Type::Struct { fields, .. } => {
                let mut end = 0u64;
                for f in fields {
                    let off = f.offset.map_or(end, u64::from);
                    end = end.max(off + size(types, f.ty, f.row_major, f.matrix_stride, depth + 1));
                }
                end
            }
            _ => 4,
        }
    }
    let s = size(types, ty, false, None, 0).min(1 << 24) as usize;
    s.div_ceil(16).max(1) * 16
}

impl VkProgram {
    /// Links and compiles the program (its vertex, fragment and any tessellation and
    /// geometry shaders); `Err` is the test's outcome when it cannot run.
    pub(super) fn prepare(
        t: &Test<'_>,
        shaders: &[(TStage, Shader)],
        gpu: &Gpu,
        minor: u8,
    ) -> Result<VkProgram, Outcome> {
        let has = |s: TStage| shaders.iter().any(|(x, _)| *x == s);
        if !has(TStage::Vertex) {
            return Err(Outcome::Fail("no vertex shader".into()));
        }
        if !has(TStage::Fragment) {
            return Err(Outcome::Fail("no fragment shader".into()));
        }
        if has(TStage::TessControl) != has(TStage::TessEval) {
            return Err(Outcome::Skip(
                "the Vulkan harness draws tessellation with both a control and an evaluation shader"
                    .into(),
            ));
        }
        match gpu.check_stages(has(TStage::TessEval), has(TStage::Geometry)) {
            Ok(()) => {}
            Err(e @ VkError::Unsupported(_)) => return Err(Outcome::Skip(e.to_string())),
            Err(e) => return Err(Outcome::Fail(e.to_string())),
        }
        let mut linked: Vec<(TStage, Shader)> = shaders.to_vec();
        let mut shs: Vec<Shader> = linked.iter().map(|(_, sh)| sh.clone()).collect();
        let report = link_program(
            &mut shs,
            &LinkOptions {
                default_block: Some(DefaultBlockOptions::default()),
            },
        )
        .map_err(|e| Outcome::Fail(format!("link: {e}")))?;
        for ((_, sh), mut l) in linked.iter_mut().zip(shs) {
            drop_bounding_box(&mut l);
            *sh = l;
        }
        let opaque = linked.iter().find_map(|(_, sh)| {
            sh.vars
                .iter()
                .find(|(_, v)| v.mode == VarMode::Uniform && has_opaque(&sh.types, v.ty, 0))
                .map(|(_, v)| v.name.clone())
        });
        let opts = SpirvOptions {
            target: SpvTarget::Vulkan { minor },
            debug_names: true,
        };
        // Pipeline order, for the dump.
        let rank = |s: TStage| {
            [
                TStage::Vertex,
                TStage::TessControl,
                TStage::TessEval,
                TStage::Geometry,
                TStage::Fragment,
            ]
            .iter()
            .position(|x| *x == s)
        };
        linked.sort_by_key(|(s, _)| rank(*s));
        let (mut vs, mut fs, mut tcs, mut tes, mut gs) = (None, None, None, None, None);
        for (stage, sh) in linked {
            let what = match stage {
                TStage::Vertex => "vertex",
                TStage::TessControl => "tessellation control",
                TStage::TessEval => "tessellation evaluation",
                TStage::Geometry => "geometry",
                TStage::Fragment => "fragment",
                s => {
                    return Err(Outcome::Skip(format!(
                        "{} shaders are not executed by the dEQP runner",
                        s.extension()
                    )))
                }
            };
            let words =
                emit(&sh, &opts).map_err(|e| Outcome::Fail(format!("SPIR-V ({what}): {e}")))?;
            gpu.check_module(&words, what)
                .map_err(|e| Outcome::Fail(e.to_string()))?;
            if t.dump {
                let mut ir = String::new();
                fresnel_ir::Printer::new(&sh).shader(&mut ir);
                let dis = fresnel_backend::spirv::disassemble(&words)
                    .unwrap_or_else(|e| format!("(cannot disassemble: {e})"));
                eprintln!(
                    "== {} ({}, linked):\n{ir}\n-- SPIR-V:\n{dis}",
                    t.name,
                    stage.extension()
                );
            }
            let slot = match stage {
                TStage::Vertex => &mut vs,
                TStage::TessControl => &mut tcs,
                TStage::TessEval => &mut tes,
                TStage::Geometry => &mut gs,
                _ => &mut fs,
            };
            *slot = Some(Module {
                shader: sh,
                spirv: words,
            });
        }
        let (Some(vs), Some(fs)) = (vs, fs) else {
            return Err(Outcome::Fail("no vertex or fragment shader".into()));
        };
        let (vs, vs_spirv, fs, fs_spirv) = (vs.shader, vs.spirv, fs.shader, fs.spirv);
        // Vertex inputs.
        let by_location = t.flavor == Flavor::Vulkan;
        let mut inputs = Vec::new();
        let mut attributes: Vec<(u32, NumKind)> = Vec::new();
        for (id, v) in vs.vars_of(VarMode::ShaderIn) {
            if v.builtin {
                continue;
            }
            let Some(slots) = var_loc_slots(&vs, id, None) else {
                return Err(Outcome::Fail(format!(
                    "vertex input `{}` has no location after linking",
                    v.name
                )));
            };
            let kind = base_of(&vs.types, v.ty, 0).map_or(NumKind::Float, num_kind);
            for (l, _) in &slots {
                let l = u32::try_from(*l).unwrap_or(u32::MAX);
                match attributes.iter().find(|(x, _)| *x == l) {
                    Some((_, k)) if *k != kind => {
                        return Err(Outcome::Fail(format!(
                            "vertex inputs of different types share location {l}"
                        )))
                    }
                    Some(_) => {}
                    None => attributes.push((l, kind)),
                }
            }
            let position = v.name == "dEQP_Position" || (by_location && v.location == Some(0));
            inputs.push(Input {
                name: v.name.clone(),
                var: id,
                slots,
                position,
            });
        }
        attributes.sort_by_key(|(l, _)| *l);
        if attributes.iter().any(|(l, _)| *l >= 32) {
            return Err(Outcome::Fail(
                "a vertex input location is 32 or more".into(),
            ));
        }
        // Colour outputs.
        let output_color = t.case.output_color.is_some();
        let mut targets: Vec<Target> = Vec::new();
        for (id, v) in fs.vars_of(VarMode::ShaderOut) {
            let default = match v.name.as_str() {
                "gl_FragColor" | "gl_FragData" | "dEQP_FragColor" => Some(0),
                _ if v.builtin => None,
                _ => None,
            };
            let Some(slots) = var_loc_slots(&fs, id, default) else {
                continue;
            };
            let kind = base_of(&fs.types, v.ty, 0).map_or(NumKind::Float, num_kind);
            let format = match kind {
                NumKind::Float if output_color => ColorFormat::Rgba32Float,
                NumKind::Float => ColorFormat::Rgba8Unorm,
                NumKind::Sint => ColorFormat::Rgba32Sint,
                NumKind::Uint => ColorFormat::Rgba32Uint,
            };
            for (l, c) in slots {
                let (Ok(l), true) = (u32::try_from(l), c < 4) else {
                    continue;
                };
                if l as usize >= fresnel_vk::MAX_ATTACHMENTS {
                    continue;
                }
                let i = match targets.iter().position(|x| x.location == l) {
                    Some(i) => i,
                    None => {
                        targets.push(Target {
                            location: l,
                            format,
                            written: [false; 4],
                        });
                        targets.len() - 1
                    }
                };
                targets[i].written[usize::from(c)] = true;
            }
        }
        targets.sort_by_key(|x| x.location);
        if targets.is_empty() && opaque.is_none() {
            return Err(Outcome::Fail(
                "the fragment shader writes no colour output".into(),
            ));
        }
        Ok(VkProgram {
            vs,
            fs,
            vs_spirv,
            fs_spirv,
            tcs,
            tes,
            gs,
            default_block: report.default_block.map(|d| d.initial_data),
            inputs,
            attributes,
            targets,
            opaque,
        })
    }

    /// The linked shaders in pipeline order.
    fn shaders(&self) -> Vec<&Shader> {
        let mut out = vec![&self.vs];
        for e in [&self.tcs, &self.tes, &self.gs].into_iter().flatten() {
            out.push(&e.shader);
        }
        out.push(&self.fs);
        out
    }

    /// The uniform and storage blocks with the bytes the interpreter computes for them
    /// (a block several stages declare, such as the default uniform block, which linking
    /// gives every stage alike, takes the first stage's bytes).
    fn bindings(&self, values: &ValueBlock, k: usize) -> Result<Vec<BufferBinding>, String> {
        let shaders = self.shaders();
        let mut its = Vec::new();
        for sh in shaders.iter().copied() {
            let mut it = Interp::new(sh).map_err(|e| format!("interpreter: {e}"))?;
            if let (Some(bytes), Some(_)) = (&self.default_block, it.find_var(DEFAULT_BLOCK_NAME)) {
                it.set_buffer(DEFAULT_BLOCK_NAME, bytes.clone())
                    .map_err(|e| format!("interpreter: {e}"))?;
            }
            set_uniforms(&mut it, values, k);
            its.push(it);
        }
        let mut out: Vec<BufferBinding> = Vec::new();
        for (sh, it) in shaders.iter().copied().zip(&its) {
            for (_, v) in sh.vars.iter() {
                let kind = match v.mode {
                    VarMode::Ubo => BufferKind::Uniform,
                    VarMode::Ssbo => BufferKind::Storage,
                    _ => continue,
                };
                let set = v.set.unwrap_or(0);
                let Some(binding) = v.binding else {
                    return Err(format!("block `{}` has no binding after linking", v.name));
                };
                let (elem, count) = match sh.types.get(v.ty) {
                    Type::Array { elem, len, .. } => (*elem, (*len).max(1)),
                    _ => (v.ty, 1),
                };
                if count > 64 {
                    return Err(format!("block array `{}` has {count} elements", v.name));
                }
                let size = block_size(&sh.types, elem);
                let bytes = it.buffer(&v.name).map(<[u8]>::to_vec);
                // An array of blocks is one binding with an element per block (Vulkan).
                for e in 0..count {
                    if out
                        .iter()
                        .any(|o| o.set == set && o.binding == binding && o.element == e)
                    {
                        continue;
                    }
                    let mut data = vec![0u8; size];
                    if let Some(bytes) = &bytes {
                        let from = e as usize * size;
                        if let Some(src) = bytes.get(from..) {
                            let n = src.len().min(size);
                            data[..n].copy_from_slice(&src[..n]);
                        }
                    }
                    out.push(BufferBinding {
                        set,
                        binding,
                        element: e,
                        kind,
                        data,
                    });
                }
            }
        }
        Ok(out)
    }

    /// The vertex attributes of sub-case `k` (4 vertices, 4 components each).
    fn attributes(&self, t: &Test<'_>, values: &ValueBlock, k: usize) -> Vec<VertexAttribute> {
        let by_location = t.flavor == Flavor::Vulkan;
        // The Vulkan runner's attribute table (by location, for Vulkan-flavour cases).
        let table = if by_location {
            super::attribute_table(values, k)
        } else {
            Vec::new()
        };
        // Per attribute location: per vertex, 4 32-bit components.
        let mut data: Vec<(u32, NumKind, [[u32; 4]; 4])> = self
            .attributes
            .iter()
            .map(|(l, kind)| {
                let one = match kind {
                    NumKind::Float => 1.0f32.to_bits(),
                    _ => 1,
                };
                (*l, *kind, [[0, 0, 0, one]; 4])
            })
            .collect();
        let scratch = Interp::new(&self.vs).ok();
        for input in &self.inputs {
            let leaves: Vec<Leaf> = scratch
                .as_ref()
                .map(|it| it.leaves(input.var))
                .unwrap_or_default();
            let per_vertex: Vec<Vec<u64>> = if input.position {
                CORNERS
                    .iter()
                    .map(|c| {
                        encode_all(
                            &[
                                Scalar::Float(f64::from(c[0])),
                                Scalar::Float(f64::from(c[1])),
                                Scalar::Float(0.0),
                                Scalar::Float(1.0),
                            ],
                            &leaves,
                        )
                    })
                    .collect()
            } else if by_location {
                let vals: Vec<Scalar> = input
                    .slots
                    .iter()
                    .map(|(l, c)| {
                        table
                            .iter()
                            .find(|(x, _)| x == l)
                            .map_or(Scalar::Float(0.0), |(_, a)| a[usize::from(*c).min(3)])
                    })
                    .collect();
                vec![encode_all(&vals, &leaves); 4]
            } else {
                match values
                    .inputs()
                    .find(|v| v.name == input.name || format!("a_{}", v.name) == input.name)
                {
                    Some(v) => vec![encode_all(&sub_values(v, k), &leaves); 4],
                    None => vec![vec![0; leaves.len()]; 4],
                }
            };
            for (vtx, slots) in per_vertex.iter().enumerate() {
                for (i, (l, c)) in input.slots.iter().enumerate() {
                    let Some(d) = data.iter_mut().find(|d| i64::from(d.0) == i64::from(*l)) else {
                        continue;
                    };
                    if let Some(x) = slots.get(i) {
                        d.2[vtx][usize::from(*c).min(3)] = *x as u32;
                    }
                }
            }
        }
        data.into_iter()
            .map(|(location, kind, per_vertex)| VertexAttribute {
                location,
                format: VertexFormat {
                    kind,
                    components: 4,
                },
                data: per_vertex
                    .iter()
                    .flatten()
                    .flat_map(|x| x.to_le_bytes())
                    .collect(),
            })
            .collect()
    }

    /// Draws sub-case `k` and judges the pixels; `Ok(Some(reason))` when it fails.
    pub(super) fn run_sub_case(
        &self,
        gpu: &Gpu,
        t: &Test<'_>,
        values: &ValueBlock,
        k: usize,
    ) -> Result<Option<String>, String> {
        let mut attributes = self.attributes(t, values, k);
        let primitive_stages = self.tes.is_some() || self.gs.is_some();
        let (vertex_count, topology) = if primitive_stages {
            // The two triangles' vertices, each attribute's data per vertex.
            for a in &mut attributes {
                let size = a.format.size();
                let per_vertex = std::mem::take(&mut a.data);
                a.data = TRIANGLES
                    .iter()
                    .flat_map(|&v| per_vertex[v * size..(v + 1) * size].iter().copied())
                    .collect();
            }
            let topology = if self.tes.is_some() {
                Topology::PatchList { control_points: 3 }
            } else {
                Topology::TriangleList
            };
            (TRIANGLES.len() as u32, topology)
        } else {
            (4, Topology::TriangleStrip)
        };
        let extra = |e: &Option<Module>| e.as_ref().map(|e| e.spirv.clone());
        let job = RenderJob {
            vertex_spirv: self.vs_spirv.clone(),
            fragment_spirv: self.fs_spirv.clone(),
            tess_control_spirv: extra(&self.tcs),
            tess_eval_spirv: extra(&self.tes),
            geometry_spirv: extra(&self.gs),
            width: 2,
            height: 2,
            vertex_count,
            topology,
            attributes,
            bindings: self.bindings(values, k)?,
            attachments: self
                .targets
                .iter()
                .map(|x| Attachment {
                    location: x.location,
                    format: x.format,
                    clear: match x.format {
                        ColorFormat::Rgba8Unorm => [0; 4],
                        // NaN: a pixel nothing wrote never matches.
                        ColorFormat::Rgba32Float => [0x7fc0_0000; 4],
                        _ => [0xdead_beef; 4],
                    },
                })
                .collect(),
        };
        let out = gpu.render(&job).map_err(|e| format!("vulkan: {e}"))?;
        let nloc = self
            .targets
            .iter()
            .map(|x| x.location + 1)
            .max()
            .unwrap_or(0) as usize;
        let mut frame = Frame {
            colors: vec![vec![[None; 4]; nloc]; 4],
            discarded: vec![false; 4],
        };
        for (x, pixels) in self.targets.iter().zip(&out.attachments) {
            let ps = x.format.pixel_size();
            for (i, colors) in frame.colors.iter_mut().enumerate() {
                // Fragment i is at (i & 1, i >> 1); row 0 of the image is y = 0.
                let Some(px) = pixels.get(i * ps..(i + 1) * ps) else {
                    return Err("vulkan: short read-back".into());
                };
                for (c, w) in x.written.iter().enumerate() {
                    if !w {
                        continue;
                    }
                    let word = |c: usize| {
                        u32::from_le_bytes([px[4 * c], px[4 * c + 1], px[4 * c + 2], px[4 * c + 3]])
                    };
                    colors[x.location as usize][c] = Some(match x.format {
                        ColorFormat::Rgba8Unorm => Scalar::Float(f64::from(px[c]) / 255.0),
                        ColorFormat::Rgba32Float => {
                            Scalar::Float(f64::from(f32::from_bits(word(c))))
                        }
                        ColorFormat::Rgba32Sint => Scalar::Int(i64::from(word(c) as i32)),
                        ColorFormat::Rgba32Uint => Scalar::Uint(u64::from(word(c))),
                    });
                }
            }
        }
        Ok(super::judge(t, values, k, &frame))
    }
}

/// The bytes of a type's scalars inside a block: (byte offset, leaf) in slot order.
fn byte_slots(
    types: &Types,
    ty: TypeId,
    off: u64,
    row_major: bool,
    mstride: Option<u32>,
    out: &mut Vec<(u64, Leaf)>,
    depth: usize,
) {
    if depth > 32 || out.len() > 1 << 16 {
        return;
    }
    match types.get(ty) {
        Type::Vector {
            base,
            bits,
            components,
        } => {
            let leaf = Leaf::of(*base, *bits);
            let size = u64::from((*bits).max(32) / 8);
            for c in 0..u64::from(*components) {
                out.push((off + c * size, leaf));
            }
        }
        Type::Matrix {
            bits,
            columns,
            rows,
        } => {
            let size = u64::from(*bits / 8);
            let stride = u64::from(mstride.unwrap_or(16));
            for c in 0..u64::from(*columns) {
                for r in 0..u64::from(*rows) {
                    let o = if row_major {
                        r * stride + c * size
                    } else {
                        c * stride + r * size
                    };
                    out.push((off + o, Leaf::Float(*bits)));
                }
            }
        }
        Type::Array { elem, len, stride } => {
            for i in 0..u64::from(*len) {
                byte_slots(
                    types,
                    *elem,
                    off + i * u64::from(*stride),
                    row_major,
                    mstride,
                    out,
                    depth + 1,
                );
            }
        }
        Type::Struct { fields, .. } => {
            for f in fields {
                byte_slots(
                    types,
                    f.ty,
                    off + u64::from(f.offset.unwrap_or(0)),
                    f.row_major,
                    f.matrix_stride,
                    out,
                    depth + 1,
                );
            }
        }
        _ => {}
    }
}

/// Sets a uniform of the default block a linked program has (`gl_DefaultUniformBlock`)
/// by its GL API path (`u`, `s.a`, `arr[2]`, `s.m[1]`): top-level members through the
/// interpreter's `set_block_member`, deeper paths by writing the block's bytes here.
pub(super) fn set_default_block_member(
    it: &mut Interp<'_>,
    path: &str,
    vals: &[Scalar],
) -> Result<(), String> {
    if it
        .set_block_member(&format!("{DEFAULT_BLOCK_NAME}.{path}"), vals)
        .is_ok()
    {
        return Ok(());
    }
    let bad = || format!("cannot resolve the uniform path `{path}`");
    let sh = it.shader();
    let var = it.find_var(DEFAULT_BLOCK_NAME).ok_or_else(bad)?;
    let types = &sh.types;
    let block_ty = sh.vars[var].ty;
    let mut ty = block_ty;
    let mut off = 0u64;
    let (mut row_major, mut mstride) = (false, None);
    let mut rest = path;
    let mut first = true;
    while !rest.is_empty() {
        let r = if first {
            first = false;
            rest
        } else {
            rest.strip_prefix('.').unwrap_or_default()
        };
        if !r.is_empty() {
            let end = r.find(['.', '[']).unwrap_or(r.len());
            let Type::Struct { fields, .. } = types.get(ty) else {
                return Err(bad());
            };
            let f = fields.iter().find(|f| f.name == r[..end]).ok_or_else(bad)?;
            off += u64::from(f.offset.ok_or_else(bad)?);
            (row_major, mstride) = (f.row_major, f.matrix_stride);
            ty = f.ty;
            rest = &r[end..];
        } else if let Some(r) = rest.strip_prefix('[') {
            let end = r.find(']').ok_or_else(bad)?;
            let idx: u64 = r[..end].trim().parse().map_err(|_| bad())?;
            match types.get(ty) {
                Type::Array { elem, len, stride } if idx < u64::from(*len) => {
                    off += idx * u64::from(*stride);
                    ty = *elem;
                }
                Type::Matrix { .. } => {
                    // A column: write the whole matrix's slots of that column.
                    let mut leaves = Vec::new();
                    byte_slots(types, ty, off, row_major, mstride, &mut leaves, 0);
                    let Type::Matrix { rows, .. } = types.get(ty) else {
                        return Err(bad());
                    };
                    let rows = u64::from(*rows) as usize;
                    let start = idx as usize * rows;
                    let cols: Vec<(u64, Leaf)> =
                        leaves.into_iter().skip(start).take(rows).collect();
                    return write_slots(it, var, block_ty, &cols, vals);
                }
                _ => return Err(bad()),
            }
            rest = &r[end + 1..];
        } else {
            return Err(bad());
        }
    }
    let mut leaves = Vec::new();
    byte_slots(types, ty, off, row_major, mstride, &mut leaves, 0);
    write_slots(it, var, block_ty, &leaves, vals)
}

fn write_slots(
    it: &mut Interp<'_>,
    var: fresnel_ir::VarId,
    block_ty: TypeId,
    slots: &[(u64, Leaf)],
    vals: &[Scalar],
) -> Result<(), String> {
    let size = block_size(&it.shader().types, block_ty);
    let mut bytes = it
        .buffer(DEFAULT_BLOCK_NAME)
        .map_or_else(|| vec![0; size], <[u8]>::to_vec);
    let _ = var;
    for ((o, leaf), s) in slots.iter().zip(vals) {
        let bits = s.encode(*leaf);
        let n = leaf.size() as usize;
        let o = *o as usize;
        if let Some(dst) = bytes.get_mut(o..o + n) {
            dst.copy_from_slice(&bits.to_le_bytes()[..n]);
        }
    }
    it.set_buffer(DEFAULT_BLOCK_NAME, bytes)
        .map_err(|e| e.to_string())
}

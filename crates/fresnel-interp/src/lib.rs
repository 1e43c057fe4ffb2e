//! A CPU interpreter for Fresnel's IR.
//!
//! [`Interp`] runs the entry point of a [`fresnel_ir::Shader`] (in deref form, before I/O
//! lowering) over many invocations: vertex shaders over a list of vertices, fragment shaders
//! over a list of fragments (grouped into 2x2 quads), compute shaders over workgroups.
//!
//! # Execution model
//!
//! Invocations run in lockstep *groups* (64 lanes for vertices and fragments, one
//! workgroup for compute) with a per-lane active mask through the structured control flow:
//! an `if` runs its then-list with the lanes whose condition holds and its else-list with the
//! others, a loop repeats its body while any lane is still in it, `break`/`continue`/`return`
//! park lanes until the construct ends, `terminate` (discard) removes a lane for good and
//! `demote` turns it into a helper. Phis pick the source of the predecessor each lane came
//! from. Values are kept per lane as 64-bit bit patterns of their bit size.
//!
//! * **Derivatives**: fragments run in 2x2 quads (lane `4q + 2 * (y & 1) + (x & 1)`);
//!   `fddx`/`fddy` are differences between horizontal/vertical neighbours. The coarse forms
//!   are computed like the fine ones (each pixel uses its own row/column), which the GLSL
//!   specification allows. Fragments missing from a quad run as helper invocations with
//!   the inputs of a real fragment of the quad; a runner that rasterizes can give them
//!   inputs of their own (extrapolated from the primitive) as fragments marked in
//!   [`Interp::helper_fragments`]. Outside fragment shaders derivatives are 0.
//! * **Barriers**: a compute workgroup is one group, so every invocation reaches a
//!   `barrier()` in uniform control flow at the same step; memory is always coherent.
//!   A tessellation control shader's outputs belong to its patch: the invocations of a
//!   group share them (run one patch per [`Interp::run_vertex`] of at most 64
//!   invocations), so after `barrier()` one reads what the others wrote.
//! * **Subgroups** are aligned runs of 32 lanes.
//! * **Calls** copy in and out; recursion is an error.
//!
//! * **Textures** are bound by sampler variable ([`Interp::bind_texture`]). A lookup through
//!   a separate sampler object (`sampler2D(t, s)`, the `SamplerDeref` source) reads `t`'s
//!   levels with the [`SamplerState`] bound to `s` ([`Interp::bind_sampler`]), or with
//!   `t`'s own state when none is.
//! * **Sparse residency** (GL_ARB_sparse_texture2): every texel is resident, so the
//!   residency code of sparse lookups and sparse image loads is always [`RESIDENT`] (0);
//!   `sparse_residency_code_and` ORs codes and `is_sparse_texels_resident` is `code == 0`.
//! * **Images** at a mip level (GL_AMD_shader_image_load_store_lod) address that level;
//!   beyond the last level loads read zero and stores are dropped.
//! * **Clocks** (`clockARB`, `clockRealtimeEXT`) read the number of lane-instructions
//!   executed so far in the run: deterministic, never decreasing.
//! * Subroutine uniforms are `u32` uniforms holding the function's index
//!   ([`Interp::set_uniform`]); the lowering turns calls into a selection.
//! * Ray tracing, ray query, hit object and mesh/task intrinsics give
//!   [`Error::Unsupported`] naming the intrinsic.
//!
//! # Memory
//!
//! Function temporaries, globals, stage inputs and outputs, default-block uniforms and shared
//! memory are held as one 64-bit slot per scalar (booleans as 0/1). Uniform and storage
//! blocks and push constants are byte buffers laid out by the explicit offsets and strides
//! of the IR types (booleans are 32-bit words there, read as `!= 0`). Out-of-bounds array
//! indices read zero and drop writes.
//!
//! # Arithmetic (where GLSL leaves freedom)
//!
//! * Floats are IEEE: results are computed in `f64` and rounded to the value's size (so
//!   single-precision add/sub/mul/div/sqrt are correctly rounded); denormals are kept;
//!   division by zero gives ±infinity or NaN; `fmin`/`fmax` return the non-NaN operand when
//!   one is NaN; `inversesqrt(0)` is +infinity; `pow(x<0, y)` is NaN unless y is an integer.
//! * Float to integer conversions truncate toward zero and **saturate** (NaN gives 0;
//!   negative floats give 0 for unsigned results).
//! * Integer division by zero: unsigned `x / 0` and `x % 0` give all ones; signed `x / 0`
//!   gives -1 for x >= 0 and 1 otherwise, `x % 0` all ones. `INT_MIN / -1` wraps to INT_MIN.
//! * Shifts use the count modulo the bit size.
//! * `bitfieldExtract`/`bitfieldInsert` with an offset or count out of range give 0 / the
//!   base unchanged. `findMSB`/`findLSB` of 0 (and `findMSB(-1)`) give -1.
//! * `frexp` of 0, infinity or NaN returns the value and exponent 0.
//! * `quantizeToF16` flushes half-precision denormals to zero.
//!
//! # Limits
//!
//! Every run is bounded ([`Limits`]): lane-instructions executed ("execution limit
//! reached"), iterations of one loop, call depth, and interpreter memory. Any IR input
//! gives an [`Error`], never a panic.

// Lane loops index several parallel per-lane arrays (masks, values, pointers).
#![allow(clippy::needless_range_loop)]

mod alu;
mod exec;
mod layout;
pub mod matrix;
pub mod probe;
pub mod tex;

use fresnel_ir::{Shader, Stage, Type, VarId, VarMode};

/// One ALU operation on constants, bit-exact with execution (the optimizer's constant
/// folding uses it).
pub use alu::eval as eval_alu;
pub use exec::Emitted;
pub use layout::Leaf;
pub use tex::{
    Compare, Filter, Level, MipFilter, SamplerState, Texture, TextureSet, Wrap, RESIDENT,
};

use exec::{FuncInfo, Machine, Region};

/// Bounds of one run.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Lane-instructions executed in one run (an instruction executed by 64 lanes counts 64).
    pub max_instructions: u64,
    /// Iterations of one loop (each time it is entered).
    pub max_loop_iterations: u64,
    /// Bytes of interpreter memory (registers, variables, buffers).
    pub max_memory: usize,
    pub max_call_depth: usize,
    /// Invocations in one run.
    pub max_invocations: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_instructions: 500_000_000,
            max_loop_iterations: 1_000_000,
            max_memory: 1 << 30,
            max_call_depth: 64,
            max_invocations: 1 << 22,
        }
    }
}

/// Why a run failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// A limit of [`Limits`] was reached.
    Limit(String),
    /// The IR is malformed.
    Invalid(String),
    /// The IR uses something the interpreter does not run.
    Unsupported(String),
    /// Bad input from the caller (unknown variable, wrong sizes).
    Input(String),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Limit(m) => f.write_str(m),
            Error::Invalid(m) => write!(f, "invalid IR: {m}"),
            Error::Unsupported(m) => write!(f, "unsupported: {m}"),
            Error::Input(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for Error {}

/// A scalar given to or read from the interpreter.
#[derive(Copy, Clone, PartialEq, Debug)]
pub enum Scalar {
    Float(f64),
    Int(i64),
    Uint(u64),
    Bool(bool),
}

impl Scalar {
    /// The bit pattern of this scalar converted to a slot of kind `leaf`.
    pub fn encode(self, leaf: Leaf) -> u64 {
        let as_f = match self {
            Scalar::Float(x) => x,
            Scalar::Int(i) => i as f64,
            Scalar::Uint(u) => u as f64,
            Scalar::Bool(b) => f64::from(u8::from(b)),
        };
        let as_i = match self {
            Scalar::Float(x) => x as i64,
            Scalar::Int(i) => i,
            Scalar::Uint(u) => u as i64,
            Scalar::Bool(b) => i64::from(b),
        };
        match leaf {
            Leaf::Float(bits) => alu::fput(as_f, bits),
            Leaf::Int(bits) | Leaf::Uint(bits) => alu::mask(as_i as u64, bits),
            Leaf::Bool => u64::from(match self {
                Scalar::Float(x) => x != 0.0,
                _ => as_i != 0,
            }),
            Leaf::Opaque => alu::mask(as_i as u64, 32),
        }
    }

    /// The scalar a slot of kind `leaf` holds.
    pub fn decode(bits: u64, leaf: Leaf) -> Scalar {
        match leaf {
            Leaf::Float(b) => Scalar::Float(alu::fget(bits, b)),
            Leaf::Int(b) => Scalar::Int(alu::sext(bits, b)),
            Leaf::Uint(b) => Scalar::Uint(alu::mask(bits, b)),
            Leaf::Bool => Scalar::Bool(bits & 1 != 0),
            Leaf::Opaque => Scalar::Uint(bits),
        }
    }
}

/// What rasterization gives one fragment besides its position.
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct RasterFacts {
    /// `!gl_FrontFacing`.
    pub back_facing: bool,
    /// `gl_FragCoord.z`.
    pub depth: f32,
    /// `gl_FragCoord.w`: 1 / the clip-space w interpolated at the fragment.
    pub inv_w: f32,
    /// `gl_PrimitiveID` (without a geometry shader: the primitive's index in the draw).
    pub primitive_id: u32,
}

/// One fragment to shade: window position (its pixel centre is `x + 0.5, y + 0.5`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Fragment {
    pub x: u32,
    pub y: u32,
}

/// The interpreter for one shader.
pub struct Interp<'s> {
    shader: &'s Shader,
    funcs: Vec<FuncInfo>,
    pub limits: Limits,
    /// Per variable: per invocation slots (stage inputs).
    inputs: Vec<Option<Vec<Vec<u64>>>>,
    /// Per variable: slots (default-block uniforms).
    uniforms: Vec<Option<Vec<u64>>>,
    /// Per variable: bytes (uniform/storage blocks, push constants).
    buffers: Vec<Option<Vec<u8>>>,
    textures: TextureSet,
    /// Per variable: per invocation slots (stage outputs after a run).
    outputs: Vec<Option<Vec<Vec<u64>>>>,
    discarded: Vec<bool>,
    emitted: Vec<Vec<Emitted>>,
    executed: u64,
    /// `gl_FragCoord.z` for fragments without an explicit `gl_FragCoord` input.
    pub frag_depth: f32,
    /// Per fragment of the next [`Interp::run_fragment`] (by index in its slice): what
    /// its primitive gives it, for runners that rasterize. Fragments past the end of the list
    /// face the front and take `frag_depth` and a `gl_FragCoord.w` of 1.
    pub per_fragment: Vec<RasterFacts>,
    /// Per fragment of the next [`Interp::run_fragment`]: whether it is only a helper of
    /// its quad (a pixel its primitive does not cover, with inputs extrapolated from the
    /// primitive, for derivatives): it runs as a helper invocation, writes no memory and
    /// counts as discarded. Fragments past the end of the list are real.
    pub helper_fragments: Vec<bool>,
    /// The workgroup size of the next [`Interp::run_compute`] of a shader declaring
    /// `layout(local_size_variable) in` (GL_ARB_compute_variable_group_size's
    /// `glDispatchComputeGroupSizeARB`); `None`: the declared size.
    pub variable_group_size: Option<[u32; 3]>,
    /// Specialization constant values set by [`Interp::set_spec_constant`]
    /// (constant_id, bits), sorted by id.
    spec_overrides: Vec<(u32, u64)>,
}

const GROUP: usize = 64;

/// Invocations in a subgroup (aligned runs of lanes of a group).
const SUBGROUP: usize = 32;

/// The subgroup built-ins of the invocation in `lane` of its group, in every stage
/// (GL_KHR_shader_subgroup: masks are `uvec4`; GL_ARB_shader_ballot: `uint64_t`).
fn subgroup_builtin(name: &str, lane: usize) -> Option<Vec<u64>> {
    let i = (lane % SUBGROUP) as u32;
    let all = (1u64 << SUBGROUP) - 1;
    let below = (1u64 << i) - 1;
    let mask = match name {
        "gl_SubgroupSize" | "gl_SubGroupSizeARB" | "gl_WarpSizeNV" => {
            return Some(vec![SUBGROUP as u64])
        }
        "gl_SubgroupInvocationID" | "gl_SubGroupInvocationARB" | "gl_ThreadInWarpNV" => {
            return Some(vec![u64::from(i)])
        }
        "gl_SubgroupEqMask" | "gl_SubGroupEqMaskARB" | "gl_ThreadEqMaskNV" => 1u64 << i,
        "gl_SubgroupGeMask" | "gl_SubGroupGeMaskARB" | "gl_ThreadGeMaskNV" => all & !below,
        "gl_SubgroupGtMask" | "gl_SubGroupGtMaskARB" | "gl_ThreadGtMaskNV" => {
            all & !below & !(1u64 << i)
        }
        "gl_SubgroupLeMask" | "gl_SubGroupLeMaskARB" | "gl_ThreadLeMaskNV" => below | (1u64 << i),
        "gl_SubgroupLtMask" | "gl_SubGroupLtMaskARB" | "gl_ThreadLtMaskNV" => below,
        _ => return None,
    };
    Some(if name.starts_with("gl_Subgroup") {
        vec![mask, 0, 0, 0]
    } else {
        vec![mask]
    })
}

/// A quad's position (window coordinates divided by 2).
type QuadPos = (u32, u32);

impl<'s> Interp<'s> {
    /// Prepares a shader for running (checks the indices of every function).
    pub fn new(shader: &'s Shader) -> Result<Interp<'s>, Error> {
        check_declarations_resolved(shader)?;
        // Descriptor heaps (GL_EXT_descriptor_heap) hold descriptors whose format is the
        // client API's: nothing here gives them contents.
        if let Some((_, v)) = shader.vars.iter().find(|(_, v)| v.heap.is_some()) {
            return Err(Error::Unsupported(format!(
                "`{}` is read from a descriptor heap (GL_EXT_descriptor_heap), which the interpreter does not model",
                v.name
            )));
        }
        // Texture footprints (GL_NV_shader_texture_footprint) are the hardware's choice of
        // texel groups and levels; nothing here could give a meaningful one.
        for (_, f) in shader.functions.iter() {
            let footprint = f.instrs_in_order().into_iter().any(|i| {
                matches!(&f.instrs[i].kind, fresnel_ir::InstrKind::Intrinsic(x)
                    if x.op == fresnel_ir::Intrinsic::ImageFootprintNv)
            });
            if footprint {
                return Err(Error::Unsupported(format!(
                    "`{}` queries a texture footprint (`textureFootprint*NV`, \
                     GL_NV_shader_texture_footprint), which the interpreter does not model: \
                     footprints are the GPU's choice of texel groups",
                    f.name
                )));
            }
        }
        let mut funcs = Vec::with_capacity(shader.functions.len());
        for (_, f) in shader.functions.iter() {
            funcs.push(FuncInfo::new(shader, f)?);
        }
        // Types refer only to earlier types (as interning makes them), and no type's tree
        // is huge: every walk over a type is then bounded.
        let mut tree = vec![0u64; shader.types.len()];
        for (id, t) in shader.types.iter() {
            let i = id.0 as usize;
            let earlier = |x: fresnel_ir::TypeId| (x.0 as usize) < i;
            tree[i] = match t {
                Type::Array { elem, len, .. } if earlier(*elem) => {
                    1 + tree[elem.0 as usize].saturating_mul(u64::from((*len).max(1)))
                }
                Type::Struct { fields, .. } if fields.iter().all(|f| earlier(f.ty)) => fields
                    .iter()
                    .fold(1u64, |a, f| a.saturating_add(tree[f.ty.0 as usize])),
                Type::Array { .. } | Type::Struct { .. } => {
                    return Err(Error::Invalid(
                        "a type refers to itself or to a later type".into(),
                    ))
                }
                _ => 1,
            };
        }
        if let Some(n) = tree.iter().find(|&&n| n > 1 << 22) {
            return Err(Error::Limit(format!(
                "a type has {n} elements (the interpreter's limit is {})",
                1u64 << 22
            )));
        }
        for (_, v) in shader.vars.iter() {
            if v.ty.0 as usize >= shader.types.len() {
                return Err(Error::Invalid(format!(
                    "variable `{}` has an unknown type",
                    v.name
                )));
            }
        }
        let nv = shader.vars.len();
        Ok(Interp {
            shader,
            funcs,
            limits: Limits::default(),
            inputs: vec![None; nv],
            uniforms: shader
                .vars
                .iter()
                .map(|(_, v)| {
                    // GL_ARB_shader_ballot declares the subgroup size as a uniform; it is the
                    // interpreter's.
                    (v.mode == VarMode::Uniform && v.builtin && v.name == "gl_SubGroupSizeARB")
                        .then(|| vec![SUBGROUP as u64])
                })
                .collect(),
            buffers: vec![None; nv],
            textures: TextureSet::default(),
            outputs: vec![None; nv],
            discarded: Vec::new(),
            emitted: Vec::new(),
            executed: 0,
            frag_depth: 0.5,
            per_fragment: Vec::new(),
            helper_fragments: Vec::new(),
            variable_group_size: None,
            spec_overrides: Vec::new(),
        })
    }

    pub fn shader(&self) -> &Shader {
        self.shader
    }

    /// A shader-level variable (not a function temporary) by name.
    pub fn find_var(&self, name: &str) -> Option<VarId> {
        self.shader
            .vars
            .iter()
            .find(|(_, v)| v.name == name && v.mode != VarMode::Function)
            .map(|(id, _)| id)
    }

    fn var_of(&self, name: &str, modes: &[VarMode]) -> Result<VarId, Error> {
        self.shader
            .vars
            .iter()
            .find(|(_, v)| v.name == name && modes.contains(&v.mode))
            .map(|(id, _)| id)
            .ok_or_else(|| {
                Error::Input(format!(
                    "the shader has no {} variable `{name}`",
                    modes.iter().map(|m| m.name()).collect::<Vec<_>>().join("/")
                ))
            })
    }

    /// The kinds of the scalars of a variable, in slot order.
    pub fn leaves(&self, var: VarId) -> Vec<Leaf> {
        let mut out = Vec::new();
        layout::slot_leaves(
            &self.shader.types,
            self.shader.vars[var].ty,
            &mut out,
            1 << 20,
        );
        out
    }

    /// The slots of a default-block uniform as set, or as a run left them (atomic
    /// counters, one slot per counter).
    pub fn uniform(&self, name: &str) -> Option<&[u64]> {
        let v = self.var_of(name, &[VarMode::Uniform]).ok()?;
        self.uniforms[v.0 as usize].as_deref()
    }

    /// Sets a default-block uniform (slots in order; missing ones are zero).
    pub fn set_uniform(&mut self, name: &str, slots: Vec<u64>) -> Result<(), Error> {
        let v = self.var_of(name, &[VarMode::Uniform])?;
        self.uniforms[v.0 as usize] = Some(slots);
        Ok(())
    }

    /// Sets a default-block uniform from scalars, converting each to its slot's kind.
    pub fn set_uniform_scalars(&mut self, name: &str, vals: &[Scalar]) -> Result<(), Error> {
        let v = self.var_of(name, &[VarMode::Uniform])?;
        let leaves = self.leaves(v);
        let slots = vals
            .iter()
            .zip(&leaves)
            .map(|(s, l)| s.encode(*l))
            .collect();
        self.uniforms[v.0 as usize] = Some(slots);
        Ok(())
    }

    /// Sets part of a default-block uniform named by a GL API path (`s.a`, `arr[2]`,
    /// `s.m[1]`, `s.inner[0].x`), converting each scalar to its slot's kind; the rest of
    /// the uniform keeps its value.
    pub fn set_uniform_path(&mut self, path: &str, vals: &[Scalar]) -> Result<(), Error> {
        let bad = || Error::Input(format!("cannot resolve the uniform path `{path}`"));
        let base_end = path.find(['.', '[']).unwrap_or(path.len());
        let v = self.var_of(&path[..base_end], &[VarMode::Uniform])?;
        let types = &self.shader.types;
        let (off, ty) =
            path_slots(types, self.shader.vars[v].ty, &path[base_end..]).ok_or_else(bad)?;
        let mut leaves = Vec::new();
        layout::slot_leaves(types, ty, &mut leaves, 1 << 20);
        let all = self.leaves(v);
        let init = self.uniform_defaults(v);
        let slots = self.uniforms[v.0 as usize].get_or_insert(init);
        slots.resize(all.len(), 0);
        for (k, (l, s)) in leaves.iter().zip(vals).enumerate() {
            if let Some(x) = slots.get_mut(off + k) {
                *x = s.encode(*l);
            }
        }
        Ok(())
    }

    /// The slots of a uniform before the caller sets it (its initializer, or zeros).
    fn uniform_defaults(&self, v: VarId) -> Vec<u64> {
        let mut init = Vec::new();
        if let Some(c) = &self.shader.vars[v].init {
            exec::flatten_constant(c, &mut init);
        }
        init
    }

    /// Writes scalars into a member of a uniform or storage block named by a GL API path:
    /// `member`, `member[2].field`, ... of any block with a top-level member of that name, or
    /// the same after `Block.`. Creates the block's buffer (zeroed) when it has none.
    pub fn set_block_member(&mut self, path: &str, vals: &[Scalar]) -> Result<(), Error> {
        self.set_block_member_of(path, 0, vals)
    }

    /// As [`Interp::set_block_member`], in element `element` of an array (of arrays) of
    /// blocks, counted in order with the last index fastest (the elements lie one after the
    /// other in the variable's buffer); element 0 of a block that is not an array is the
    /// block itself.
    pub fn set_block_member_of(
        &mut self,
        path: &str,
        element: u32,
        vals: &[Scalar],
    ) -> Result<(), Error> {
        let types = &self.shader.types;
        let is_block = |n: &str| {
            self.shader.vars.iter().any(|(_, v)| {
                matches!(v.mode, VarMode::Ubo | VarMode::Ssbo | VarMode::PushConstant)
                    && v.name == n
            })
        };
        let (block_name, member_path) = match path.split_once('.') {
            Some((b, m)) if is_block(b) => (Some(b), m),
            _ => (None, path),
        };
        let name_end = member_path.find(['.', '[']).unwrap_or(member_path.len());
        let (member, suffix) = member_path.split_at(name_end);
        for (vid, v) in self.shader.vars.iter() {
            if !matches!(v.mode, VarMode::Ubo | VarMode::Ssbo | VarMode::PushConstant) {
                continue;
            }
            if block_name.is_some_and(|b| b != v.name) {
                continue;
            }
            // An array (of arrays) of blocks: the element's place in the buffer, `element`
            // counting the blocks in order (the last index fastest).
            let mut dims = Vec::new();
            let mut block_ty = v.ty;
            while let Type::Array { elem, len, stride } = types.get(block_ty) {
                let s = if *stride > 0 {
                    *stride
                } else {
                    layout::natural_size(types, *elem)
                };
                dims.push(((*len).max(1), s));
                block_ty = *elem;
                if dims.len() > 8 {
                    break;
                }
            }
            let (mut rest, mut base) = (element, 0u32);
            for (len, s) in dims.iter().rev() {
                base = base.saturating_add((rest % len).saturating_mul(*s));
                rest /= len;
            }
            if rest != 0 {
                continue;
            }
            let Type::Struct { fields, .. } = types.get(block_ty) else {
                continue;
            };
            let mut end = 0u32;
            for fd in fields {
                let off = fd.offset.unwrap_or(end);
                end = off.saturating_add(layout::natural_size(types, fd.ty));
                if fd.name != member {
                    continue;
                }
                let Some((first, ty)) = path_slots(types, fd.ty, suffix) else {
                    return Err(Error::Input(format!(
                        "cannot resolve the block member `{path}`"
                    )));
                };
                let count = layout::slots(types, ty);
                let mut leaves = Vec::new();
                let mat = layout::MatLayout {
                    row_major: fd.row_major,
                    stride: fd.matrix_stride.unwrap_or(0),
                };
                layout::byte_leaves(
                    types,
                    fd.ty,
                    off.saturating_add(base),
                    mat,
                    &mut leaves,
                    1 << 20,
                );
                let size = layout::natural_size(types, v.ty) as usize;
                let buf =
                    self.buffers[vid.0 as usize].get_or_insert_with(|| vec![0; size.min(1 << 26)]);
                let target = leaves.iter().skip(first).take(count);
                for ((o, leaf), s) in target.zip(vals) {
                    let bits = s.encode(*leaf);
                    let bits = if *leaf == Leaf::Bool { bits & 1 } else { bits };
                    exec::write_bytes(buf, *o, *leaf, bits);
                }
                return Ok(());
            }
        }
        Err(Error::Input(format!(
            "no uniform or storage block has a member `{path}`"
        )))
    }

    /// Sets a stage input for every invocation (slots in order).
    pub fn set_input(&mut self, name: &str, per_invocation: Vec<Vec<u64>>) -> Result<(), Error> {
        let v = self.var_of(name, &[VarMode::ShaderIn])?;
        self.inputs[v.0 as usize] = Some(per_invocation);
        Ok(())
    }

    /// Sets the bytes of a uniform or storage block (or push constants).
    pub fn set_buffer(&mut self, name: &str, bytes: Vec<u8>) -> Result<(), Error> {
        let v = self.var_of(name, &[VarMode::Ubo, VarMode::Ssbo, VarMode::PushConstant])?;
        if bytes.len() > self.limits.max_memory {
            return Err(Error::Limit("buffer larger than the memory limit".into()));
        }
        self.buffers[v.0 as usize] = Some(bytes);
        Ok(())
    }

    /// The bytes of a block after a run (storage blocks are written back).
    pub fn buffer(&self, name: &str) -> Option<&[u8]> {
        let v = self.find_var(name)?;
        self.buffers[v.0 as usize].as_deref()
    }

    /// Binds a texture (or image) to a sampler variable; `element` is the slot offset of an
    /// array element (0 for a plain sampler).
    pub fn bind_texture(&mut self, name: &str, element: u32, t: Texture) -> Result<(), Error> {
        let v = self.var_of(name, &[VarMode::Uniform])?;
        if t.texel_count() > tex::MAX_TEXELS {
            return Err(Error::Limit(format!(
                "texture larger than {} texels",
                tex::MAX_TEXELS
            )));
        }
        for l in &t.levels {
            if l.texels.len() != (l.width as usize) * (l.height as usize) * (l.depth as usize) {
                return Err(Error::Input(
                    "texture level size does not match its texels".into(),
                ));
            }
        }
        self.textures
            .bound
            .retain(|(x, e, _)| !(*x == v && *e == element));
        self.textures.bound.push((v, element, t));
        Ok(())
    }

    /// Binds the state of a separate sampler object (`uniform sampler s;`) to a sampler
    /// variable; `element` is the slot offset of an array element (0 for a plain sampler).
    /// Lookups through `sampler2D(t, s)` read `t`'s levels with this state; without one
    /// they use the texture's own state.
    pub fn bind_sampler(
        &mut self,
        name: &str,
        element: u32,
        state: SamplerState,
    ) -> Result<(), Error> {
        let v = self.var_of(name, &[VarMode::Uniform])?;
        if !matches!(
            self.shader.types.get(self.base_type_of(v)),
            Type::Sampler { .. }
        ) {
            return Err(Error::Input(format!("`{name}` is not a sampler")));
        }
        self.textures
            .samplers
            .retain(|(x, e, _)| !(*x == v && *e == element));
        self.textures.samplers.push((v, element, state));
        Ok(())
    }

    /// The element type of a variable under any array levels.
    fn base_type_of(&self, v: VarId) -> fresnel_ir::TypeId {
        let mut ty = self.shader.vars[v].ty;
        for _ in 0..64 {
            match self.shader.types.get(ty) {
                Type::Array { elem, .. } => ty = *elem,
                _ => break,
            }
        }
        ty
    }

    /// The texture bound to a variable (images are written by the shader).
    pub fn texture(&self, name: &str, element: u32) -> Option<&Texture> {
        let v = self.find_var(name)?;
        self.textures
            .bound
            .iter()
            .find(|(x, e, _)| *x == v && *e == element)
            .map(|(_, _, t)| t)
    }

    /// A stage output after a run: its slots for every invocation.
    pub fn output(&self, name: &str) -> Option<&[Vec<u64>]> {
        let v = self.var_of(name, &[VarMode::ShaderOut]).ok()?;
        self.outputs[v.0 as usize].as_deref()
    }

    /// Output variables of the shader (name, id), in declaration order.
    pub fn output_vars(&self) -> Vec<(String, VarId)> {
        self.shader
            .vars_of(VarMode::ShaderOut)
            .map(|(id, v)| (v.name.clone(), id))
            .collect()
    }

    /// Whether each fragment of the last fragment run was discarded (terminated or demoted).
    pub fn discarded(&self) -> &[bool] {
        &self.discarded
    }

    /// Vertices emitted per invocation by the last run (geometry shaders).
    pub fn emitted(&self) -> &[Vec<Emitted>] {
        &self.emitted
    }

    /// Lane-instructions executed by the last run.
    pub fn instructions_executed(&self) -> u64 {
        self.executed
    }

    fn check_count(&self, n: usize) -> Result<(), Error> {
        if n > self.limits.max_invocations {
            return Err(Error::Limit(format!(
                "execution limit reached: more than {} invocations",
                self.limits.max_invocations
            )));
        }
        Ok(())
    }

    /// Runs the shader (any stage but fragment and compute: vertex, or a geometry/tessellation
    /// shader as plain invocations) for `count` invocations. `gl_VertexID`/`gl_VertexIndex`
    /// is the invocation index, `gl_InstanceID` 0.
    pub fn run_vertex(&mut self, count: usize) -> Result<(), Error> {
        self.check_count(count)?;
        let nv = self.shader.vars.len();
        let mut outputs = vec![None; nv];
        let mut discarded = vec![false; count];
        let mut emitted = vec![Vec::new(); count];
        let textures = std::mem::take(&mut self.textures);
        let mut m = make_machine(
            self.shader,
            &self.funcs,
            &self.limits,
            textures,
            &self.uniforms,
            &self.buffers,
            GROUP,
        )?;
        m.specialize(&self.spec_overrides, self.local_size());
        let mut result = Ok(());
        // Machine borrows self's shader/funcs/limits only; run groups through a split borrow.
        let this = InterpView {
            shader: self.shader,
            inputs: &self.inputs,
        };
        for start in (0..count).step_by(GROUP) {
            let end = (start + GROUP).min(count);
            let lanes: Vec<Option<usize>> = (start..end).map(Some).collect();
            let input_of: Vec<usize> = (start..end).collect();
            let builtin = |name: &str, lane: usize| -> Option<Vec<u64>> {
                let inv = (start + lane) as u64;
                match name {
                    "gl_VertexID" | "gl_VertexIndex" | "gl_InvocationID" | "gl_PrimitiveIDIn" => {
                        Some(vec![inv])
                    }
                    _ => subgroup_builtin(name, lane),
                }
            };
            if let Err(e) = this.run_group(
                &mut m,
                &lanes,
                &input_of,
                &builtin,
                &mut outputs,
                &mut discarded,
                &mut emitted,
            ) {
                result = Err(e);
                break;
            }
        }
        let (mem, textures, executed) = (m.mem, m.textures, m.executed);
        self.finish_run(mem, textures, executed, outputs, discarded, emitted);
        result
    }

    /// Runs a fragment shader over `frags` (inputs are indexed like `frags`). Fragments are
    /// grouped into 2x2 quads by position; missing quad members run as helpers.
    pub fn run_fragment(&mut self, frags: &[Fragment]) -> Result<(), Error> {
        self.check_count(frags.len())?;
        // Quads in first-appearance order.
        let mut quad_index: rustc_hash::FxHashMap<(u32, u32), usize> = Default::default();
        let mut quads: Vec<(QuadPos, [Option<usize>; 4])> = Vec::new();
        for (i, fr) in frags.iter().enumerate() {
            let key = (fr.x / 2, fr.y / 2);
            let q = *quad_index.entry(key).or_insert_with(|| {
                quads.push((key, [None; 4]));
                quads.len() - 1
            });
            let slot = ((fr.y & 1) * 2 + (fr.x & 1)) as usize;
            if quads[q].1[slot].is_none() {
                quads[q].1[slot] = Some(i);
            }
        }
        let nv = self.shader.vars.len();
        let mut outputs = vec![None; nv];
        let mut discarded = vec![true; frags.len()];
        let mut emitted = vec![Vec::new(); frags.len()];
        let textures = std::mem::take(&mut self.textures);
        let mut m = make_machine(
            self.shader,
            &self.funcs,
            &self.limits,
            textures,
            &self.uniforms,
            &self.buffers,
            GROUP,
        )?;
        m.specialize(&self.spec_overrides, self.local_size());
        m.quads = true;
        let depth = self.frag_depth;
        let raster = std::mem::take(&mut self.per_fragment);
        let helpers = std::mem::take(&mut self.helper_fragments);
        let is_helper = |i: usize| helpers.get(i).copied().unwrap_or(false);
        // `layout(pixel_center_integer) in vec4 gl_FragCoord`: centres at whole numbers.
        let center = if self.shader.info.pixel_center_integer {
            0.0
        } else {
            0.5
        };
        let this = InterpView {
            shader: self.shader,
            inputs: &self.inputs,
        };
        let mut result = Ok(());
        for chunk in quads.chunks(GROUP / 4) {
            let mut lanes = Vec::with_capacity(chunk.len() * 4);
            let mut input_of = Vec::with_capacity(chunk.len() * 4);
            let mut pos = Vec::with_capacity(chunk.len() * 4);
            for ((qx, qy), members) in chunk {
                // Lanes without a fragment take the inputs of a real one (else any).
                let first = members
                    .iter()
                    .flatten()
                    .find(|&&i| !is_helper(i))
                    .or_else(|| members.iter().flatten().next())
                    .copied()
                    .unwrap_or(0);
                for (k, mem) in members.iter().enumerate() {
                    lanes.push(mem.filter(|&i| !is_helper(i)));
                    input_of.push(mem.unwrap_or(first));
                    pos.push((qx * 2 + (k as u32 & 1), qy * 2 + (k as u32 >> 1)));
                }
            }
            let helper: Vec<bool> = lanes.iter().map(|l| l.is_none()).collect();
            let builtin = |name: &str, lane: usize| -> Option<Vec<u64>> {
                let f = |x: f32| u64::from(x.to_bits());
                let (x, y) = pos[lane];
                let r = raster.get(input_of[lane]);
                match name {
                    "gl_FragCoord" => Some(vec![
                        f(x as f32 + center),
                        f(y as f32 + center),
                        f(r.map_or(depth, |r| r.depth)),
                        f(r.map_or(1.0, |r| r.inv_w)),
                    ]),
                    "gl_FrontFacing" => Some(vec![u64::from(!r.is_some_and(|r| r.back_facing))]),
                    "gl_PrimitiveID" => Some(vec![u64::from(r.map_or(0, |r| r.primitive_id))]),
                    "gl_PointCoord" | "gl_SamplePosition" => Some(vec![f(0.5), f(0.5)]),
                    "gl_HelperInvocation" => Some(vec![u64::from(helper[lane])]),
                    "gl_SampleMaskIn" => Some(vec![1]),
                    _ => subgroup_builtin(name, lane),
                }
            };
            if let Err(e) = this.run_group(
                &mut m,
                &lanes,
                &input_of,
                &builtin,
                &mut outputs,
                &mut discarded,
                &mut emitted,
            ) {
                result = Err(e);
                break;
            }
        }
        let (mem, textures, executed) = (m.mem, m.textures, m.executed);
        self.finish_run(mem, textures, executed, outputs, discarded, emitted);
        result
    }

    /// Runs a compute shader over `groups` workgroups (each workgroup is one lockstep group).
    pub fn run_compute(&mut self, groups: [u32; 3]) -> Result<(), Error> {
        let ls = self.local_size();
        let local = (ls[0] as usize)
            .saturating_mul(ls[1] as usize)
            .saturating_mul(ls[2] as usize);
        if local > 1024 {
            return Err(Error::Limit(format!(
                "workgroup of {local} invocations (the interpreter runs at most 1024)"
            )));
        }
        let ngroups = (groups[0] as usize)
            .saturating_mul(groups[1] as usize)
            .saturating_mul(groups[2] as usize);
        let total = ngroups.saturating_mul(local);
        self.check_count(total)?;
        let nv = self.shader.vars.len();
        let mut outputs = vec![None; nv];
        let mut discarded = vec![false; total];
        let mut emitted = vec![Vec::new(); total];
        let textures = std::mem::take(&mut self.textures);
        let mut m = make_machine(
            self.shader,
            &self.funcs,
            &self.limits,
            textures,
            &self.uniforms,
            &self.buffers,
            local,
        )?;
        m.specialize(&self.spec_overrides, self.local_size());
        let this = InterpView {
            shader: self.shader,
            inputs: &self.inputs,
        };
        let mut result = Ok(());
        'outer: for gz in 0..groups[2] {
            for gy in 0..groups[1] {
                for gx in 0..groups[0] {
                    let gidx = ((gz as usize * groups[1] as usize) + gy as usize)
                        * groups[0] as usize
                        + gx as usize;
                    let lanes: Vec<Option<usize>> =
                        (0..local).map(|l| Some(gidx * local + l)).collect();
                    let input_of: Vec<usize> = (0..local).map(|l| gidx * local + l).collect();
                    let builtin = |name: &str, lane: usize| -> Option<Vec<u64>> {
                        let l = lane as u32;
                        let lx = l % ls[0];
                        let ly = (l / ls[0]) % ls[1];
                        let lz = l / (ls[0] * ls[1]);
                        let v3 = |a: u32, b: u32, c: u32| Some(vec![a.into(), b.into(), c.into()]);
                        match name {
                            "gl_LocalInvocationID" => v3(lx, ly, lz),
                            "gl_WorkGroupID" => v3(gx, gy, gz),
                            "gl_NumWorkGroups" => v3(groups[0], groups[1], groups[2]),
                            // GL_ARB_compute_variable_group_size: the local size of the dispatch, the
                            // declared one here.
                            "gl_WorkGroupSize" | "gl_LocalGroupSizeARB" => v3(ls[0], ls[1], ls[2]),
                            "gl_GlobalInvocationID" => {
                                v3(gx * ls[0] + lx, gy * ls[1] + ly, gz * ls[2] + lz)
                            }
                            "gl_LocalInvocationIndex" => Some(vec![u64::from(l)]),
                            "gl_SubgroupID" => Some(vec![u64::from(l / 32)]),
                            "gl_NumSubgroups" => Some(vec![local.div_ceil(32) as u64]),
                            _ => subgroup_builtin(name, lane),
                        }
                    };
                    if let Err(e) = this.run_group(
                        &mut m,
                        &lanes,
                        &input_of,
                        &builtin,
                        &mut outputs,
                        &mut discarded,
                        &mut emitted,
                    ) {
                        result = Err(e);
                        break 'outer;
                    }
                }
            }
        }
        let (mem, textures, executed) = (m.mem, m.textures, m.executed);
        self.finish_run(mem, textures, executed, outputs, discarded, emitted);
        result
    }

    fn finish_run(
        &mut self,
        mem: Vec<Region>,
        textures: TextureSet,
        executed: u64,
        outputs: Vec<Option<Vec<Vec<u64>>>>,
        discarded: Vec<bool>,
        emitted: Vec<Vec<Emitted>>,
    ) {
        for (vid, v) in self.shader.vars.iter() {
            if v.mode == VarMode::Ssbo {
                if let Some(Region::Bytes(b)) = mem.get(vid.0 as usize) {
                    self.buffers[vid.0 as usize] = Some(b.clone());
                }
            }
            // Atomic counters keep what the run left in them, like storage blocks.
            if v.mode == VarMode::Uniform && is_atomic_counter(&self.shader.types, v.ty) {
                if let Some(Region::Slots {
                    per_lane: false,
                    data,
                    ..
                }) = mem.get(vid.0 as usize)
                {
                    self.uniforms[vid.0 as usize] = Some(data.clone());
                }
            }
        }
        self.textures = textures;
        self.executed = executed;
        self.outputs = outputs;
        self.discarded = discarded;
        self.emitted = emitted;
    }

    /// The stage of the shader.
    pub fn stage(&self) -> Stage {
        self.shader.stage
    }
}

// ---- specialization constants (helper E, issue 5) ----

/// The default value of every specialization constant: (constant_id, bits).
pub(crate) fn spec_defaults(sh: &Shader) -> Vec<(u32, u64)> {
    sh.info
        .spec_constants
        .iter()
        .map(|c| {
            let v = match &c.value {
                fresnel_ir::Constant::Vector(v) => v.first().copied().unwrap_or(0),
                fresnel_ir::Constant::Composite(_) => 0,
            };
            (c.id, v)
        })
        .collect()
}

impl Interp<'_> {
    /// Specializes the constant whose `constant_id` is `id` to `bits` (the value's bit
    /// pattern at the constant's bit size: a `float` is its IEEE bits, a `bool` 0 or 1),
    /// as pipeline creation does. An id named by `local_size_*_id` also sets that
    /// workgroup dimension (which must be at least 1). Errors for an id the shader does not
    /// declare.
    pub fn set_spec_constant(&mut self, id: u32, bits: u64) -> Result<(), Error> {
        let info = &self.shader.info;
        let sized = info.local_size_id.contains(&Some(id));
        let declared = info.spec_constants.iter().find(|c| c.id == id);
        if declared.is_none() && !sized {
            return Err(Error::Input(format!(
                "the shader declares no specialization constant with id {id}"
            )));
        }
        let bits = match declared.and_then(|c| self.shader.types.value_shape(c.ty)) {
            Some((1, _)) => u64::from(bits != 0),
            Some((b, _)) if b < 64 => bits & ((1u64 << b) - 1),
            _ => bits,
        };
        if sized && !(1..=u64::from(u32::MAX)).contains(&bits) {
            return Err(Error::Input(format!(
                "specialization constant {id} sizes the workgroup: {bits} is not a size"
            )));
        }
        match self.spec_overrides.binary_search_by_key(&id, |(k, _)| *k) {
            Ok(i) => self.spec_overrides[i].1 = bits,
            Err(i) => self.spec_overrides.insert(i, (id, bits)),
        }
        Ok(())
    }

    /// [`Interp::set_spec_constant`] with a value converted to the constant's type (a
    /// workgroup size id the shader does not declare as a constant is a `uint`).
    pub fn set_spec_constant_scalar(&mut self, id: u32, value: Scalar) -> Result<(), Error> {
        let leaf = self
            .shader
            .info
            .spec_constants
            .iter()
            .find(|c| c.id == id)
            .and_then(|c| match self.shader.types.get(c.ty) {
                Type::Vector { base, bits, .. } => Some(Leaf::of(*base, *bits)),
                _ => None,
            })
            .unwrap_or(Leaf::Uint(32));
        self.set_spec_constant(id, value.encode(leaf))
    }

    /// The value of a specialization constant (its default unless set), as bits.
    pub fn spec_constant(&self, id: u32) -> Option<u64> {
        if let Ok(i) = self.spec_overrides.binary_search_by_key(&id, |(k, _)| *k) {
            return Some(self.spec_overrides[i].1);
        }
        spec_defaults(self.shader)
            .into_iter()
            .find(|(k, _)| *k == id)
            .map(|(_, v)| v)
    }

    /// The workgroup size: `local_size`, with the dimensions `local_size_*_id` names
    /// specialized.
    pub fn local_size(&self) -> [u32; 3] {
        let info = &self.shader.info;
        if let Some(g) = self.variable_group_size {
            return g.map(|x| x.max(1));
        }
        let mut ls = info.local_size.map(|x| x.max(1));
        for (k, id) in info.local_size_id.iter().enumerate() {
            if let Some(v) = id.and_then(|id| self.spec_constant(id)) {
                ls[k] = u32::try_from(v).unwrap_or(u32::MAX).max(1);
            }
        }
        ls
    }
}

/// The parts of [`Interp`] a group run reads while the machine is alive.
struct InterpView<'a> {
    shader: &'a Shader,
    inputs: &'a [Option<Vec<Vec<u64>>>],
}

impl InterpView<'_> {
    /// Runs one group. `lanes[i]`: the invocation of lane i (`None`: helper). `input_of`:
    /// which invocation's inputs a lane reads. `builtin`: built-in input values of a lane.
    #[allow(clippy::too_many_arguments)]
    fn run_group(
        &self,
        m: &mut Machine<'_>,
        lanes: &[Option<usize>],
        input_of: &[usize],
        builtin: &dyn Fn(&str, usize) -> Option<Vec<u64>>,
        outputs: &mut [Option<Vec<Vec<u64>>>],
        discarded: &mut [bool],
        emitted: &mut [Vec<Emitted>],
    ) -> Result<(), Error> {
        let n = lanes.len();
        m.n = n;
        m.dead = vec![false; n];
        m.helper = lanes.iter().map(|l| l.is_none()).collect();
        m.demoted = vec![false; n];
        m.emitted = vec![Vec::new(); n];
        for (vid, v) in self.shader.vars.iter() {
            match v.mode {
                VarMode::ShaderIn | VarMode::ShaderOut | VarMode::Global | VarMode::Shared => {
                    m.alloc_slots(vid)?;
                }
                _ => continue,
            }
            let Region::Slots {
                size,
                data,
                per_lane,
            } = &mut m.mem[vid.0 as usize]
            else {
                continue;
            };
            let size = *size;
            if !*per_lane {
                continue;
            }
            let mut init = Vec::new();
            if let Some(c) = &v.init {
                exec::flatten_constant(c, &mut init);
            }
            for lane in 0..n {
                let dst = &mut data[lane * size..(lane + 1) * size];
                let src: Option<Vec<u64>> = if v.mode == VarMode::ShaderIn {
                    let inv = input_of[lane];
                    match self.inputs[vid.0 as usize]
                        .as_ref()
                        .and_then(|x| x.get(inv))
                    {
                        Some(s) => Some(s.clone()),
                        None if v.builtin => builtin(&v.name, lane),
                        None => None,
                    }
                } else if init.is_empty() {
                    None
                } else {
                    Some(init.clone())
                };
                if let Some(s) = src {
                    for (d, x) in dst.iter_mut().zip(s) {
                        *d = x;
                    }
                }
            }
        }
        let mask: Vec<bool> = vec![true; n];
        let entry = self
            .shader
            .entry
            .filter(|e| (e.0 as usize) < self.shader.functions.len())
            .ok_or_else(|| Error::Invalid("the shader has no entry point".into()))?;
        m.call(entry, &[], &mask)?;
        for (vid, v) in self.shader.vars.iter() {
            if v.mode != VarMode::ShaderOut {
                continue;
            }
            let Region::Slots {
                size,
                data,
                per_lane,
            } = &m.mem[vid.0 as usize]
            else {
                continue;
            };
            let out = outputs[vid.0 as usize].get_or_insert_with(Vec::new);
            for (lane, inv) in lanes.iter().enumerate() {
                if let Some(inv) = inv {
                    if out.len() <= *inv {
                        out.resize(*inv + 1, Vec::new());
                    }
                    // Shared outputs (a tessellation control shader's): every invocation
                    // sees the whole patch.
                    let base = if *per_lane { lane * size } else { 0 };
                    out[*inv] = data[base..base + size].to_vec();
                }
            }
        }
        for (lane, inv) in lanes.iter().enumerate() {
            if let Some(inv) = inv {
                if let Some(d) = discarded.get_mut(*inv) {
                    *d = m.dead[lane] || m.demoted[lane];
                }
                if let Some(e) = emitted.get_mut(*inv) {
                    *e = std::mem::take(&mut m.emitted[lane]);
                }
            }
        }
        Ok(())
    }
}

/// Creates the machine of a run with the shader-wide memory loaded.
fn make_machine<'a>(
    shader: &'a Shader,
    funcs: &'a [FuncInfo],
    limits: &'a Limits,
    textures: TextureSet,
    uniforms: &[Option<Vec<u64>>],
    buffers: &[Option<Vec<u8>>],
    lanes: usize,
) -> Result<Machine<'a>, Error> {
    let mut m = Machine::new(shader, funcs, limits, textures, lanes);
    for (vid, v) in shader.vars.iter() {
        match v.mode {
            VarMode::Uniform => {
                m.alloc_slots(vid)?;
                let mut init = Vec::new();
                if let Some(c) = &v.init {
                    exec::flatten_constant(c, &mut init);
                } else if v.name == "gl_DepthRange" {
                    init = [0.0f32, 1.0, 1.0]
                        .iter()
                        .map(|x| u64::from(x.to_bits()))
                        .collect();
                }
                if let Some(u) = &uniforms[vid.0 as usize] {
                    init = u.clone();
                }
                if let Region::Slots { data, .. } = &mut m.mem[vid.0 as usize] {
                    for (d, s) in data.iter_mut().zip(init) {
                        *d = s;
                    }
                }
            }
            VarMode::Ubo | VarMode::Ssbo | VarMode::PushConstant => {
                let bytes = match &buffers[vid.0 as usize] {
                    Some(b) => b.clone(),
                    None => {
                        let size = layout::natural_size(&shader.types, v.ty) as usize;
                        if size > limits.max_memory {
                            return Err(Error::Limit("block larger than the memory limit".into()));
                        }
                        vec![0; size]
                    }
                };
                m.charge(bytes.len())?;
                m.mem[vid.0 as usize] = Region::Bytes(bytes);
            }
            _ => {}
        }
    }
    Ok(m)
}

/// Added for linking units (issue 4): a call of a function declaration (a prototype whose
/// body is in another unit of the stage, not linked in) cannot run.
fn check_declarations_resolved(shader: &Shader) -> Result<(), Error> {
    for (_, f) in shader.functions.iter() {
        for (_, ins) in f.instrs.iter() {
            if ins.removed {
                continue;
            }
            if let fresnel_ir::InstrKind::Call { func, .. } = &ins.kind {
                if let Some(callee) = shader.functions.get(*func) {
                    if callee.is_declaration() {
                        return Err(Error::Unsupported(format!(
                            "function `{}` is declared but not defined in this stage's units",
                            callee.name
                        )));
                    }
                }
            }
        }
    }
    Ok(())
}

/// Whether a type is an atomic counter or an array of them.
fn is_atomic_counter(types: &fresnel_ir::Types, mut ty: fresnel_ir::TypeId) -> bool {
    while let Type::Array { elem, .. } = types.get(ty) {
        ty = *elem;
    }
    matches!(types.get(ty), Type::AtomicCounter)
}

/// Follows the rest of a GL API path (`.field`, `[i]`, matrix columns) from a value of type
/// `ty`: the first slot it names and its type.
fn path_slots(
    types: &fresnel_ir::Types,
    mut ty: fresnel_ir::TypeId,
    mut rest: &str,
) -> Option<(usize, fresnel_ir::TypeId)> {
    let mut off = 0usize;
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix('.') {
            let end = r.find(['.', '[']).unwrap_or(r.len());
            let name = &r[..end];
            let Type::Struct { fields, .. } = types.get(ty) else {
                return None;
            };
            let k = fields.iter().position(|f| f.name == name)?;
            off += fields[..k]
                .iter()
                .map(|f| layout::slots(types, f.ty))
                .sum::<usize>();
            ty = fields[k].ty;
            rest = &r[end..];
        } else if let Some(r) = rest.strip_prefix('[') {
            let end = r.find(']')?;
            let idx: usize = r[..end].trim().parse().ok()?;
            match types.get(ty) {
                Type::Array { elem, len, .. } => {
                    if *len > 0 && idx >= *len as usize {
                        return None;
                    }
                    off += idx * layout::slots(types, *elem);
                    ty = *elem;
                }
                Type::Matrix {
                    bits,
                    columns,
                    rows,
                } => {
                    if idx >= usize::from(*columns) {
                        return None;
                    }
                    off += idx * usize::from(*rows);
                    let (b, r) = (*bits, *rows);
                    ty = types
                        .iter()
                        .find(|(_, t)| {
                            **t == Type::Vector {
                                base: fresnel_ir::BaseType::Float,
                                bits: b,
                                components: r,
                            }
                        })
                        .map(|(id, _)| id)?;
                }
                _ => return None,
            }
            rest = &r[end + 1..];
        } else {
            return None;
        }
    }
    Some((off, ty))
}

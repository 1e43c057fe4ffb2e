//! IR to SPIR-V.
//!
//! [`emit`] writes one module for one shader: the entry point `main` with its interface,
//! capabilities inferred from what the shader uses, decorations (locations, bindings and
//! sets, built-ins, block layouts, interpolation, RelaxedPrecision), and one SPIR-V function
//! per IR function with structured control flow (see `func.rs`).
//!
//! Beyond the graphics and compute stages: ray tracing (SPV_KHR_ray_tracing: the six stages,
//! payload / hit attribute / callable data / shader record storage classes, acceleration
//! structures, trace/execute/report/ignore/terminate), ray queries (SPV_KHR_ray_query), NV
//! hit objects (SPV_NV_shader_invocation_reorder), mesh and task shaders (SPV_EXT_mesh_shader,
//! and SPV_NV_mesh_shader for GL_NV_mesh_shader sources), buffer references
//! (PhysicalStorageBuffer64, `Aligned` accesses), atomic float add/min/max, sparse residency,
//! transform feedback, fragment shader interlock and extension built-ins (`ext.rs`, the
//! intrinsics in `instr/rt.rs`). [`required_target`] says which environment a shader needs.
//!
//! The module is built in sections (capabilities, extensions, imports, entry point,
//! execution modes, debug names, decorations, types/constants/globals, functions) that are
//! concatenated at the end; ids are allocated in a fixed order from the IR, so the output is
//! deterministic.

mod chain;
mod coalesce;
mod const_globals;
/// GL_NV_cooperative_matrix types (issue 5, helper V).
mod coopmat_nv;
// GL_NV_cooperative_vector (issue 5, helper F).
/// GL_KHR_cooperative_matrix types, GL_NV_cooperative_matrix2 tensor layouts and views
/// (issue 5, helper K).
mod coopmat_khr;
mod coopvec_nv;
/// Calls of unlinked function declarations (issue 4).
mod declarations;
/// NonUniform and RelaxedPrecision on instructions (issue 5).
mod decorate;
mod disasm;
mod ext;
/// Descriptor arrays of arrays flattened for Vulkan (issue 5, helper B).
mod flatten;
mod func;
mod heap;
mod hoist;
mod idiom;
mod instr;
/// GL_EXT_long_vector types.
mod long_vector;
/// `gl_PrimitiveShadingRateEXT` of mesh shaders in a block (issue 5, helper B).
mod mesh_blocks;
mod refs;
// GL_EXT_bfloat16 / GL_EXT_float_e4m3 / GL_EXT_float_e5m2 types (issue 5, helper F).
mod small_float;
mod spec;
/// Array lengths given by specialization constants (issue 5, helper B).
mod spec_array;
/// `spirv_type(...)` (GL_EXT_spirv_intrinsics; issue 5, helper B).
mod spirv_type;
/// Instruction counts of a module, as the reference tools count them.
pub mod stats;
mod switch;
mod target;
// GL_ARM_tensors (issue 5, helper F).
mod tensor_arm;
// GL_QCOM_tile_shading (issue 5, helper F).
mod tile_shading;
mod types;
mod writer;

use std::collections::BTreeSet;
use std::fmt;

use fresnel_ir::{Shader, Stage, VarMode};
use rustc_hash::FxHashMap;

pub use disasm::disassemble;
use spec::{cap, op};
pub use target::{needs, required_target, Needs};
use writer::Words;

/// The environment the module is for.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum TargetEnv {
    /// Vulkan 1.`minor` (0 to 3): SPIR-V 1.0, 1.3, 1.5, 1.6.
    Vulkan { minor: u8 },
    /// OpenGL 4.5 with GL_ARB_gl_spirv: SPIR-V 1.0.
    OpenGl,
}

impl TargetEnv {
    /// The SPIR-V version written in the header.
    pub fn spirv_version(self) -> (u8, u8) {
        match self {
            TargetEnv::Vulkan { minor: 0 } | TargetEnv::OpenGl => (1, 0),
            TargetEnv::Vulkan { minor: 1 } => (1, 3),
            TargetEnv::Vulkan { minor: 2 } => (1, 5),
            TargetEnv::Vulkan { .. } => (1, 6),
        }
    }

    pub fn is_vulkan(self) -> bool {
        matches!(self, TargetEnv::Vulkan { .. })
    }

    /// The name `spirv-val --target-env` knows.
    pub fn val_name(self) -> &'static str {
        match self {
            TargetEnv::Vulkan { minor: 0 } => "vulkan1.0",
            TargetEnv::Vulkan { minor: 1 } => "vulkan1.1",
            TargetEnv::Vulkan { minor: 2 } => "vulkan1.2",
            TargetEnv::Vulkan { .. } => "vulkan1.3",
            TargetEnv::OpenGl => "opengl4.5",
        }
    }
}

/// Options of [`emit`].
#[derive(Clone, Debug)]
pub struct SpirvOptions {
    pub target: TargetEnv,
    /// Write `OpName` for variables and functions.
    pub debug_names: bool,
}

impl Default for SpirvOptions {
    fn default() -> SpirvOptions {
        SpirvOptions {
            target: TargetEnv::Vulkan { minor: 0 },
            debug_names: true,
        }
    }
}

/// Why a shader could not be written as SPIR-V.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpirvError {
    pub message: String,
}

impl SpirvError {
    pub(crate) fn new(message: impl Into<String>) -> SpirvError {
        SpirvError {
            message: message.into(),
        }
    }
}

impl fmt::Display for SpirvError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SpirvError {}

pub(crate) type Result<T> = std::result::Result<T, SpirvError>;

/// Writes `shader` as a SPIR-V module (words, host order; write them little-endian for a
/// `.spv` file, see [`to_bytes`]).
pub fn emit(shader: &Shader, opts: &SpirvOptions) -> std::result::Result<Vec<u32>, SpirvError> {
    declarations::check_resolved(shader, opts.target)?;
    // Operations on vendor extension types have no SPIR-V form (issue 4).
    instr::vendor::reject_vendor_ops(shader)?;
    // Vulkan resources have one array level (issue 5, helper B: `flatten.rs`).
    let flat = match opts.target {
        TargetEnv::Vulkan { .. } => flatten::flatten_descriptor_arrays(shader)?,
        _ => None,
    };
    let shader = flat.as_ref().unwrap_or(shader);
    // Mesh shaders' per-primitive shading rate in a block, as glslang writes it
    // (`mesh_blocks.rs`).
    let wrapped = mesh_blocks::wrap_primitive_shading_rate(shader);
    let shader = wrapped.as_ref().unwrap_or(shader);
    let mut m = Module::new(shader, opts);
    m.build()?;
    Ok(m.finish())
}

/// The words of a module as the bytes of a `.spv` file (little-endian).
pub fn to_bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// Execution modes gathered before they are written: each the mode and its operands.
pub(crate) type ModeList = smallvec::SmallVec<[smallvec::SmallVec<[u32; 4]>; 6]>;

/// The module under construction.
pub(crate) struct Module<'a> {
    pub shader: &'a Shader,
    pub opts: &'a SpirvOptions,
    next_id: u32,
    pub caps: BTreeSet<u32>,
    /// The capability [`Module::cap`] declared last (performance: an instruction written
    /// again and again declares the same one; no set search then). Capabilities are never
    /// removed, so it stays declared.
    last_cap: u32,
    pub exts: BTreeSet<&'static str>,
    pub glsl_ext: u32,
    /// Extended instruction sets besides GLSL.std.450 (`spirv_instruction`, issue 5): name
    /// and id, in first-use order.
    pub ext_imports: Vec<(&'static str, u32)>,
    pub names: Words,
    pub decorations: Words,
    /// Results the dead-instruction sweep removed (`func/sweep.rs`), whose precision
    /// decorations are dropped once every function is written.
    pub swept: Vec<u32>,
    /// Types, constants, global variables, in creation order.
    pub globals: Words,
    pub functions: Words,
    pub modes: Words,
    /// Non-aggregate types, by opcode then operands ([`types::TypeKey`]).
    pub type_cache: FxHashMap<types::TypeKey, u32>,
    /// The types [`Module::kind_type`] made for scalars and vectors of up to 4 components,
    /// by [`types::kind_slot`] (0: not made yet). A dense front for `type_cache`
    /// (performance: asked for by nearly every instruction).
    pub kind_types: [u32; types::KIND_SLOTS],
    /// IR types as SPIR-V types: (type, laid out for external memory).
    pub ir_types: FxHashMap<(fresnel_ir::TypeId, bool, u32), u32>,
    /// Scalar constants by type then value words; composites by type, `u32::MAX`, then parts.
    pub const_cache: FxHashMap<types::TypeKey, u32>,
    /// Scalar constants by type and value as given: a front for `const_cache`, which stays
    /// complete (performance: no key to build for the common case).
    pub scalar_consts: FxHashMap<(u32, u64), u32>,
    pub undef_cache: FxHashMap<u32, u32>,
    /// The `OpSpecConstant` of each specialization constant of a small float type, by
    /// `constant_id` (read by the vendor operation `spec_constant`).
    pub small_float_specs: FxHashMap<u32, u32>,
    /// The `OpSpecConstant` of every scalar specialization constant, by `constant_id`
    /// (operands of `spirv_execution_mode_id`).
    pub spec_ids: FxHashMap<u32, u32>,
    /// The OpVariable of each global variable (and, while a function is written, its
    /// locals).
    pub var_ids: FxHashMap<fresnel_ir::VarId, u32>,
    pub func_ids: Vec<u32>,
    /// The SPIR-V function type and return type of each IR function.
    pub func_sigs: Vec<types::FuncSig>,
    pub interface: Vec<u32>,
    /// Member types of struct types (for access chains and extracts).
    pub members: FxHashMap<u32, Vec<u32>>,
    /// Element type of array, vector and matrix types.
    pub elem: FxHashMap<u32, u32>,
    /// The component width in bytes of long vector types (GL_EXT_long_vector): what a
    /// copy through a buffer reference is aligned to.
    pub long_vector_align: FxHashMap<u32, u32>,
    /// Pointee type of pointer types.
    pub pointee: FxHashMap<u32, u32>,
    /// Pointer types made by [`Module::pointer`], by (storage class, pointee): a front for
    /// `type_cache` (performance: every access chain asks).
    pub pointers: FxHashMap<(u32, u32), u32>,
    /// The image type of a sampled image type.
    pub image_of: FxHashMap<u32, u32>,
    /// Variables used as textures with separate samplers.
    pub texture_vars: rustc_hash::FxHashSet<fresnel_ir::VarId>,
    /// Decorations without operands written by [`Module::decorate_once`].
    pub decorated: rustc_hash::FxHashSet<(u32, u32)>,
    /// Scalar and vector types: their components.
    pub value_types: FxHashMap<u32, u8>,
    /// The SPIR-V type of each global variable as declared (may differ from its IR type's:
    /// mesh outputs sized by the stage's limits).
    pub var_types: FxHashMap<fresnel_ir::VarId, u32>,
    /// Lengths of the array types made for unsized stage inputs and outputs.
    pub array_lens: FxHashMap<u32, u32>,
    /// Struct types reached through buffer references, decorated `Block` once each.
    pub phys_blocks: rustc_hash::FxHashSet<u32>,
    /// Buffer references are used: the PhysicalStorageBuffer64 addressing model.
    pub physical_addressing: bool,
    /// Memory slots holding buffer references declared as pointers, with the IR block type
    /// pointed at (`refs.rs`).
    pub ref_slots: FxHashMap<refs::Slot, fresnel_ir::TypeId>,
    /// Pointer types of buffer references: the IR block type pointed at.
    pub ref_ptrs: FxHashMap<u32, fresnel_ir::TypeId>,
    /// Struct types being declared in the physical layout, and the forward pointers made
    /// to them meanwhile (`refs.rs`).
    pub ref_building: rustc_hash::FxHashSet<fresnel_ir::TypeId>,
    pub ref_pending: FxHashMap<fresnel_ir::TypeId, u32>,
    /// `OpSpecConstantOp` chains already written, by expression (array lengths).
    pub spec_exprs: FxHashMap<fresnel_ir::SpecExpr, u32>,
    /// The specialization-constant expression of each id code reads a specialization
    /// constant through (`OpSpecConstant*`, `OpSpecConstantOp`; `spec.rs`), so arithmetic
    /// on them is written as `OpSpecConstantOp` too.
    pub spec_values: FxHashMap<u32, fresnel_ir::SpecExpr>,
    /// Initialized globals nothing writes (`const_globals.rs`).
    pub read_only_inits: rustc_hash::FxHashSet<fresnel_ir::VarId>,
    /// The initializer constant of each of those, once declared.
    pub init_ids: FxHashMap<fresnel_ir::VarId, u32>,
    /// Descriptor heaps (`heap.rs`).
    pub heap: heap::HeapState,
}

impl<'a> Module<'a> {
    fn new(shader: &'a Shader, opts: &'a SpirvOptions) -> Module<'a> {
        // Room in the tables every module fills for their usual sizes, from the counts of
        // types, variables and instructions (performance: no regrowing and rehashing from
        // empty; a guess, the tables still grow past it).
        let (types, vars) = (shader.types.len(), shader.vars.len());
        let instrs: usize = shader.functions.iter().map(|(_, f)| f.instrs.len()).sum();
        fn map<K, V>(n: usize) -> FxHashMap<K, V> {
            FxHashMap::with_capacity_and_hasher(n, Default::default())
        }
        Module {
            shader,
            opts,
            next_id: 1,
            caps: BTreeSet::new(),
            last_cap: u32::MAX,
            exts: BTreeSet::new(),
            glsl_ext: 0,
            ext_imports: Vec::new(),
            // Room for the usual sizes of these sections (performance: no regrowing in the
            // common case; a guess from the counts of types and variables).
            names: Words::with_capacity(8 * (shader.vars.len() + shader.functions.len()) + 16),
            decorations: Words::with_capacity(8 * shader.vars.len() + 4 * shader.types.len() + 16),
            swept: Vec::new(),
            globals: Words::with_capacity(8 * (shader.types.len() + shader.vars.len()) + 64),
            functions: Words::new(),
            modes: Words::new(),
            type_cache: map(2 * types + vars + 8),
            kind_types: [0; types::KIND_SLOTS],
            ir_types: map(types),
            // Distinct constants are few (one per 50 IR instructions in half of the
            // corpus, a dozen in a file of 6000 repeated ones): a small start (performance:
            // every slot of a larger table may be a page first touched).
            const_cache: map(instrs / 32 + 16),
            scalar_consts: map(instrs / 32 + 16),
            undef_cache: FxHashMap::default(),
            small_float_specs: FxHashMap::default(),
            spec_ids: FxHashMap::default(),
            var_ids: map(vars),
            func_ids: Vec::new(),
            func_sigs: Vec::new(),
            interface: Vec::new(),
            members: FxHashMap::default(),
            elem: FxHashMap::default(),
            long_vector_align: FxHashMap::default(),
            pointee: map(vars + 4),
            pointers: map(vars + 4),
            image_of: FxHashMap::default(),
            texture_vars: rustc_hash::FxHashSet::default(),
            decorated: rustc_hash::FxHashSet::default(),
            value_types: map(types + 4),
            var_types: map(vars),
            array_lens: FxHashMap::default(),
            phys_blocks: rustc_hash::FxHashSet::default(),
            physical_addressing: false,
            ref_slots: refs::analyze(shader),
            ref_ptrs: FxHashMap::default(),
            ref_building: rustc_hash::FxHashSet::default(),
            ref_pending: FxHashMap::default(),
            spec_exprs: FxHashMap::default(),
            spec_values: FxHashMap::default(),
            read_only_inits: const_globals::read_only_initialized(shader),
            init_ids: FxHashMap::default(),
            heap: heap::HeapState::default(),
        }
    }

    pub fn id(&mut self) -> u32 {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    /// The id of an imported extended instruction set (imported on first use; issue 5).
    pub fn ext_import(&mut self, name: &'static str) -> u32 {
        if let Some((_, id)) = self.ext_imports.iter().find(|(n, _)| *n == name) {
            return *id;
        }
        let id = self.id();
        self.ext_imports.push((name, id));
        id
    }

    pub fn cap(&mut self, c: u32) {
        if c == self.last_cap {
            return;
        }
        self.last_cap = c;
        self.caps.insert(c);
    }

    /// A capability a `spirv_type` or `spirv_instruction` declares: as [`Module::cap`], and
    /// PhysicalStorageBufferAddresses brings its addressing model (a variable may then hold
    /// such a pointer, as glslang writes it).
    pub fn declared_cap(&mut self, c: u32) {
        if c == ext::cap::PHYSICAL_STORAGE_BUFFER_ADDRESSES {
            self.use_physical_storage_buffer();
        } else {
            self.cap(c);
        }
    }

    pub fn vulkan(&self) -> bool {
        self.opts.target.is_vulkan()
    }

    pub fn version(&self) -> (u8, u8) {
        self.opts.target.spirv_version()
    }

    /// Fails when the target's SPIR-V version is below `v` (what needs it is `what`).
    pub fn need_version(&self, what: &str, v: (u8, u8)) -> Result<()> {
        if self.version() < v {
            return Err(SpirvError::new(format!(
                "{what} shaders need SPIR-V {}.{} (target Vulkan 1.2 or later)",
                v.0, v.1
            )));
        }
        Ok(())
    }

    pub fn name(&mut self, id: u32, name: &str) {
        if self.opts.debug_names && !name.is_empty() {
            self.names.inst_str(op::NAME, &[id], name, &[]);
        }
    }

    pub fn decorate(&mut self, id: u32, d: u32, extra: &[u32]) {
        self.decorations.inst_parts(op::DECORATE, &[id, d], extra);
    }

    /// `OpDecorate id d` unless this function already wrote it.
    pub fn decorate_once(&mut self, id: u32, d: u32) {
        if self.decorated.insert((id, d)) {
            self.decorate(id, d, &[]);
        }
    }

    pub fn member_decorate(&mut self, id: u32, member: u32, d: u32, extra: &[u32]) {
        self.decorations
            .inst_parts(op::MEMBER_DECORATE, &[id, member, d], extra);
    }

    fn build(&mut self) -> Result<()> {
        let shader = self.shader;
        self.cap(cap::SHADER);
        self.glsl_ext = self.id();
        match shader.stage {
            Stage::Vertex | Stage::Fragment | Stage::Compute => {}
            Stage::Geometry => self.cap(cap::GEOMETRY),
            Stage::TessControl | Stage::TessEval => self.cap(cap::TESSELLATION),
            Stage::RayGen
            | Stage::Intersect
            | Stage::AnyHit
            | Stage::ClosestHit
            | Stage::Miss
            | Stage::Callable => {
                self.need_version(shader.stage.name(), (1, 4))?;
                self.cap(ext::cap::RAY_TRACING_KHR);
                self.exts.insert("SPV_KHR_ray_tracing");
            }
            Stage::Task | Stage::Mesh if target::nv_mesh(shader) => {
                // GL_NV_mesh_shader: SPV_NV_mesh_shader, any SPIR-V version.
                self.cap(ext::cap::MESH_SHADING_NV);
                self.exts.insert("SPV_NV_mesh_shader");
            }
            Stage::Task | Stage::Mesh => {
                self.need_version(shader.stage.name(), (1, 4))?;
                self.cap(ext::cap::MESH_SHADING_EXT);
                self.exts.insert("SPV_EXT_mesh_shader");
            }
        }
        // Descriptor heaps (`heap.rs`) are Vulkan's, through untyped pointers (SPIR-V 1.4).
        if let Some((_, v)) = shader.vars.iter().find(|(_, v)| v.heap.is_some()) {
            if !self.vulkan() {
                return Err(SpirvError::new(format!(
                    "`{}` is read from a descriptor heap (GL_EXT_descriptor_heap), which only Vulkan has: compile for a Vulkan target",
                    v.name
                )));
            }
            self.need_version("descriptor heap", (1, 4))?;
        }
        // Specialization constants first: array lengths of globals may refer to them.
        self.declare_spec_constants()?;
        self.declare_globals()?;
        // Function ids and signatures first (calls may precede callees).
        let callee_only = coopmat_khr::callee_only(shader);
        for (fid, _) in shader.functions.iter() {
            let id = self.id();
            self.func_ids.push(id);
            let only = callee_only.get(fid.0 as usize).copied().unwrap_or(false);
            let sig = self.func_sig(fid, only)?;
            self.func_sigs.push(sig);
        }
        // Called declarations first, as imports (the logical layout puts function
        // declarations before definitions; `declarations.rs`); uncalled ones are not written.
        let called = declarations::called_declarations(shader);
        for (fid, f) in shader.functions.iter() {
            if f.is_declaration() && called.get(fid.0 as usize).copied().unwrap_or(false) {
                let id = self.func_ids[fid.0 as usize];
                self.name(id, &f.name);
                declarations::emit_import(self, fid)?;
            }
        }
        // About 4 words per IR instruction and local, as each function's code (performance:
        // no regrowing).
        let words: usize = shader
            .functions
            .iter()
            .map(|(_, f)| 4 * (f.instrs.len() + f.locals.len()) + 8)
            .sum();
        self.functions.words.reserve(words);
        for (fid, f) in shader.functions.iter() {
            if f.is_declaration() {
                continue;
            }
            let id = self.func_ids[fid.0 as usize];
            self.name(id, &f.name);
            func::emit_function(self, fid)?;
        }
        // One pass over the decorations for every function's removed results.
        if !self.swept.is_empty() {
            self.swept.sort_unstable();
            self.decorations.words =
                func::sweep::drop_decorations(&self.decorations.words, &self.swept);
        }
        // SPV_KHR_cooperative_matrix needs the Vulkan memory model (issue 5, helper K:
        // `coopmat_khr.rs`).
        self.coopmat_memory_model()?;
        match shader.entry {
            Some(entry) => self.entry_point(self.func_ids[entry.0 as usize])?,
            // A compilation unit without `main` (to be linked with others): a module with
            // the Linkage capability and no entry point, as SPIR-V allows.
            None => self.cap(cap::LINKAGE),
        }
        Ok(())
    }

    fn entry_point(&mut self, main: u32) -> Result<()> {
        let shader = self.shader;
        let model = match shader.stage {
            Stage::Vertex => 0,
            Stage::TessControl => 1,
            Stage::TessEval => 2,
            Stage::Geometry => 3,
            Stage::Fragment => 4,
            Stage::Compute => 5,
            Stage::RayGen => ext::model::RAY_GENERATION_KHR,
            Stage::Intersect => ext::model::INTERSECTION_KHR,
            Stage::AnyHit => ext::model::ANY_HIT_KHR,
            Stage::ClosestHit => ext::model::CLOSEST_HIT_KHR,
            Stage::Miss => ext::model::MISS_KHR,
            Stage::Callable => ext::model::CALLABLE_KHR,
            Stage::Task if target::nv_mesh(shader) => ext::model::TASK_NV,
            Stage::Mesh if target::nv_mesh(shader) => ext::model::MESH_NV,
            Stage::Task => ext::model::TASK_EXT,
            Stage::Mesh => ext::model::MESH_EXT,
        };
        // The entry point, then the execution modes after it (performance: one buffer,
        // nothing copied; nothing else writes `modes`, and the modes change no interface).
        let mut modes = Words::with_capacity(5 + self.interface.len() + 24);
        modes.inst_str(op::ENTRY_POINT, &[model, main], "main", &self.interface);
        self.modes = modes;
        self.execution_modes(main)
    }

    fn execution_modes(&mut self, main: u32) -> Result<()> {
        use spec::mode;
        let info = &self.shader.info;
        // (Performance: inline storage; no allocation per mode.)
        let mut m = ModeList::new();
        match self.shader.stage {
            Stage::Fragment => {
                if self.vulkan() || info.origin_upper_left {
                    m.push(smallvec::smallvec![mode::ORIGIN_UPPER_LEFT]);
                } else {
                    m.push(smallvec::smallvec![mode::ORIGIN_LOWER_LEFT]);
                }
                if info.pixel_center_integer {
                    m.push(smallvec::smallvec![mode::PIXEL_CENTER_INTEGER]);
                }
                if info.early_fragment_tests {
                    m.push(smallvec::smallvec![mode::EARLY_FRAGMENT_TESTS]);
                }
                // GL_ARB_fragment_shader_interlock.
                for (name, _) in &info.other_modes {
                    use ext::{cap as c, mode as em};
                    let (md, cp) = match name.as_str() {
                        "pixel_interlock_ordered" => (
                            em::PIXEL_INTERLOCK_ORDERED_EXT,
                            c::FRAGMENT_SHADER_PIXEL_INTERLOCK_EXT,
                        ),
                        "pixel_interlock_unordered" => (
                            em::PIXEL_INTERLOCK_UNORDERED_EXT,
                            c::FRAGMENT_SHADER_PIXEL_INTERLOCK_EXT,
                        ),
                        "sample_interlock_ordered" => (
                            em::SAMPLE_INTERLOCK_ORDERED_EXT,
                            c::FRAGMENT_SHADER_SAMPLE_INTERLOCK_EXT,
                        ),
                        "sample_interlock_unordered" => (
                            em::SAMPLE_INTERLOCK_UNORDERED_EXT,
                            c::FRAGMENT_SHADER_SAMPLE_INTERLOCK_EXT,
                        ),
                        "shading_rate_interlock_ordered" => (
                            em::SHADING_RATE_INTERLOCK_ORDERED_EXT,
                            c::FRAGMENT_SHADER_SHADING_RATE_INTERLOCK_EXT,
                        ),
                        "shading_rate_interlock_unordered" => (
                            em::SHADING_RATE_INTERLOCK_UNORDERED_EXT,
                            c::FRAGMENT_SHADER_SHADING_RATE_INTERLOCK_EXT,
                        ),
                        _ => continue,
                    };
                    self.caps.insert(cp);
                    self.exts.insert("SPV_EXT_fragment_shader_interlock");
                    m.push(smallvec::smallvec![md]);
                }
                let writes_depth = self
                    .shader
                    .vars
                    .iter()
                    .any(|(_, v)| v.mode == VarMode::ShaderOut && v.name == "gl_FragDepth");
                if writes_depth {
                    m.push(smallvec::smallvec![mode::DEPTH_REPLACING]);
                    match info.depth_layout.as_deref() {
                        Some("depth_greater") => m.push(smallvec::smallvec![mode::DEPTH_GREATER]),
                        Some("depth_less") => m.push(smallvec::smallvec![mode::DEPTH_LESS]),
                        Some("depth_unchanged") => {
                            m.push(smallvec::smallvec![mode::DEPTH_UNCHANGED])
                        }
                        _ => {}
                    }
                }
            }
            Stage::Compute => {
                let [x, y, z] = info.local_size;
                m.push(smallvec::smallvec![
                    mode::LOCAL_SIZE,
                    x.max(1),
                    y.max(1),
                    z.max(1)
                ]);
            }
            Stage::Task => {
                let [x, y, z] = info.local_size;
                m.push(smallvec::smallvec![
                    mode::LOCAL_SIZE,
                    x.max(1),
                    y.max(1),
                    z.max(1)
                ]);
            }
            Stage::Mesh => {
                let [x, y, z] = info.local_size;
                m.push(smallvec::smallvec![
                    mode::LOCAL_SIZE,
                    x.max(1),
                    y.max(1),
                    z.max(1)
                ]);
                let max_vertices = info.geometry.as_ref().map_or(0, |g| g.max_vertices);
                m.push(smallvec::smallvec![mode::OUTPUT_VERTICES, max_vertices]);
                let mut prims = 0;
                let mut out = None;
                for (name, value) in &info.other_modes {
                    match name.as_str() {
                        "max_primitives" => {
                            prims = value.and_then(|v| u32::try_from(v).ok()).unwrap_or(0)
                        }
                        "triangles" => out = Some(ext::mode::OUTPUT_TRIANGLES_EXT),
                        "lines" => out = Some(ext::mode::OUTPUT_LINES_EXT),
                        "points" => out = Some(ext::mode::OUTPUT_POINTS),
                        _ => {}
                    }
                }
                m.push(smallvec::smallvec![ext::mode::OUTPUT_PRIMITIVES_EXT, prims]);
                let Some(out) = out else {
                    return Err(SpirvError::new(
                        "mesh shader without its output primitive (`layout(triangles) out;`)",
                    ));
                };
                m.push(smallvec::smallvec![out]);
            }
            Stage::Geometry => {
                let Some(g) = &info.geometry else {
                    return Err(SpirvError::new("geometry shader without its layout"));
                };
                m.push(smallvec::smallvec![mode::INVOCATIONS, g.invocations.max(1)]);
                let input = match g.input.as_str() {
                    "points" => mode::INPUT_POINTS,
                    "lines" => mode::INPUT_LINES,
                    "lines_adjacency" => mode::INPUT_LINES_ADJACENCY,
                    "triangles_adjacency" => mode::INPUT_TRIANGLES_ADJACENCY,
                    _ => mode::TRIANGLES,
                };
                m.push(smallvec::smallvec![input]);
                let output = match g.output.as_str() {
                    "points" => mode::OUTPUT_POINTS,
                    "line_strip" => mode::OUTPUT_LINE_STRIP,
                    _ => mode::OUTPUT_TRIANGLE_STRIP,
                };
                m.push(smallvec::smallvec![output]);
                m.push(smallvec::smallvec![mode::OUTPUT_VERTICES, g.max_vertices]);
            }
            Stage::TessControl | Stage::TessEval => {
                if let Some(n) = info.tess_vertices {
                    m.push(smallvec::smallvec![mode::OUTPUT_VERTICES, n]);
                }
                match info.tess_primitive.as_deref() {
                    Some("triangles") => m.push(smallvec::smallvec![mode::TRIANGLES]),
                    Some("quads") => m.push(smallvec::smallvec![mode::QUADS]),
                    Some("isolines") => m.push(smallvec::smallvec![mode::ISOLINES]),
                    _ => {}
                }
                match info.tess_spacing.as_deref() {
                    Some("equal_spacing") => m.push(smallvec::smallvec![mode::SPACING_EQUAL]),
                    Some("fractional_even_spacing") => {
                        m.push(smallvec::smallvec![mode::SPACING_FRACTIONAL_EVEN])
                    }
                    Some("fractional_odd_spacing") => {
                        m.push(smallvec::smallvec![mode::SPACING_FRACTIONAL_ODD])
                    }
                    _ => {}
                }
                match info.tess_order.as_deref() {
                    Some("cw") => m.push(smallvec::smallvec![mode::VERTEX_ORDER_CW]),
                    Some("ccw") => m.push(smallvec::smallvec![mode::VERTEX_ORDER_CCW]),
                    _ => {}
                }
                if info.tess_point_mode {
                    m.push(smallvec::smallvec![mode::POINT_MODE]);
                }
            }
            _ => {}
        }
        if matches!(
            self.shader.stage,
            Stage::Compute | Stage::Task | Stage::Mesh
        ) {
            // Derivatives in compute-like shaders (GL_NV/KHR_compute_shader_derivatives).
            for (name, _) in &info.other_modes {
                let (em, c) = match name.as_str() {
                    "derivative_group_quadsnv" | "derivative_group_quadskhr" => (5289, 5288),
                    "derivative_group_linearnv" | "derivative_group_linearkhr" => (5290, 5350),
                    _ => continue,
                };
                self.caps.insert(c);
                // The NV extension: same enumerants as the KHR one, and known to every
                // validator and driver that knows either.
                self.exts.insert("SPV_NV_compute_shader_derivatives");
                m.push(smallvec::smallvec![em]);
            }
        }
        // GL_QCOM_tile_shading (issue 5, helper F: `tile_shading.rs`).
        self.tile_shading_modes(&mut m);
        if self.uses_xfb()
            && matches!(
                self.shader.stage,
                Stage::Vertex | Stage::TessControl | Stage::TessEval | Stage::Geometry
            )
        {
            m.push(smallvec::smallvec![ext::mode::XFB]);
        }
        for ops in m {
            self.modes.inst_parts(op::EXECUTION_MODE, &[main], &ops);
        }
        self.spirv_intrinsic_modes(main)
    }

    /// The modes of `spirv_execution_mode(...)` (literal operands, `OpExecutionMode`) and
    /// `spirv_execution_mode_id(...)` (constant ids, `OpExecutionModeId`, SPIR-V 1.2), and
    /// the capabilities and extensions GL_EXT_spirv_intrinsics constructs declare.
    fn spirv_intrinsic_modes(&mut self, main: u32) -> Result<()> {
        use fresnel_ir::{BaseType, SpirvModeOperand as O};
        use types::Kind;
        let shader = self.shader;
        for &c in &shader.info.spirv_capabilities {
            self.caps.insert(c);
        }
        for e in &shader.info.spirv_extensions {
            let Some(&name) = fresnel_ir::spirv_instruction::SPIRV_EXTENSIONS
                .iter()
                .find(|x| **x == e.as_str())
            else {
                return Err(SpirvError::new(format!(
                    "the SPIR-V extension `{e}` (GL_EXT_spirv_intrinsics) is not supported"
                )));
            };
            self.exts.insert(name);
        }
        for md in &shader.info.spirv_modes {
            let mut ops = vec![md.mode];
            for o in &md.operands {
                let w = if md.id {
                    match *o {
                        O::Int(v) => self.const_i32(v),
                        O::Uint(v) => self.const_u32(v),
                        O::Float(v) => {
                            self.constant(Kind::new(BaseType::Float, 32, 1), &[u64::from(v)])
                        }
                        O::Bool(v) => {
                            self.constant(Kind::new(BaseType::Bool, 1, 1), &[u64::from(v)])
                        }
                        O::Spec(id) => match self.spec_ids.get(&id) {
                            Some(&x) => x,
                            None => {
                                return Err(SpirvError::new(format!(
                                    "`spirv_execution_mode_id` {}: no scalar specialization constant has constant_id {id}",
                                    md.mode
                                )))
                            }
                        },
                    }
                } else {
                    match *o {
                        O::Int(v) => v as u32,
                        O::Uint(v) | O::Float(v) => v,
                        O::Bool(v) => u32::from(v),
                        O::Spec(_) => {
                            return Err(SpirvError::new(
                                "a specialization constant as a literal execution mode operand",
                            ))
                        }
                    }
                };
                ops.push(w);
            }
            if md.id {
                self.need_version("`spirv_execution_mode_id`", (1, 2))?;
                self.modes.inst_parts(op::EXECUTION_MODE_ID, &[main], &ops);
            } else {
                self.modes.inst_parts(op::EXECUTION_MODE, &[main], &ops);
            }
        }
        Ok(())
    }

    /// Whether this compute-like shader declares a derivative group
    /// (`layout(derivative_group_quadsNV) in;`, GL_NV/KHR_compute_shader_derivatives), so its
    /// lookups compute a level of detail as fragment shaders do.
    pub(crate) fn derivative_group(&self) -> bool {
        matches!(
            self.shader.stage,
            fresnel_ir::Stage::Compute | fresnel_ir::Stage::Task | fresnel_ir::Stage::Mesh
        ) && self.shader.info.other_modes.iter().any(|(name, _)| {
            matches!(
                name.as_str(),
                "derivative_group_quadsnv"
                    | "derivative_group_quadskhr"
                    | "derivative_group_linearnv"
                    | "derivative_group_linearkhr"
            )
        })
    }

    fn finish(self) -> Vec<u32> {
        // The sections before the functions (with room for the capabilities, extensions
        // and imports).
        let front = 5
            + self.modes.words.len()
            + self.names.words.len()
            + self.decorations.words.len()
            + self.globals.words.len()
            + 64;
        // When the functions' buffer has room for them, it becomes the module's, the rest
        // put in front (performance: moved within it, no new buffer of the module's size
        // to fill: a big module); else one new buffer of everything (a small one).
        let functions = &self.functions.words;
        let in_place = functions.capacity() - functions.len() >= front;
        let mut w = Words {
            words: Vec::with_capacity(if in_place {
                front
            } else {
                front + functions.len()
            }),
        };
        w.words
            .extend_from_slice(&writer::header(self.version(), self.next_id));
        for &c in &self.caps {
            w.inst(op::CAPABILITY, &[c]);
        }
        for e in &self.exts {
            w.inst_str(op::EXTENSION, &[], e, &[]);
        }
        w.inst_str(op::EXT_INST_IMPORT, &[self.glsl_ext], "GLSL.std.450", &[]);
        for (name, id) in &self.ext_imports {
            w.inst_str(op::EXT_INST_IMPORT, &[*id], name, &[]);
        }
        // Logical or PhysicalStorageBuffer64 addressing, GLSL450 memory model.
        let addressing = if self.physical_addressing { 5348 } else { 0 };
        // (Issue 5, helper K) The Vulkan memory model when its capability is declared
        // (`coopmat_khr.rs`: cooperative matrices need it).
        let model = if self.caps.contains(&5345) { 3 } else { 1 };
        w.inst(op::MEMORY_MODEL, &[addressing, model]);
        // SPV_NV_bindless_texture (bindless handles, helper C): 64-bit handles, declared
        // right after the memory model.
        if self.caps.contains(&5390) {
            w.inst(5397, &[64]);
        }
        w.extend(&self.modes);
        w.extend(&self.names);
        w.extend(&self.decorations);
        w.extend(&self.globals);
        if !in_place {
            w.words.extend_from_slice(&self.functions.words);
            return w.words;
        }
        // (Whole-slice copies, no element-by-element insertion.)
        let (mut out, front) = (self.functions.words, w.words);
        let len = out.len();
        out.resize(len + front.len(), 0);
        out.copy_within(..len, front.len());
        out[..front.len()].copy_from_slice(&front);
        out
    }
}

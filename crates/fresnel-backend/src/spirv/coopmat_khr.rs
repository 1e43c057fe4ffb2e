//! GL_KHR_cooperative_matrix as SPV_KHR_cooperative_matrix, and GL_NV_cooperative_matrix2's
//! tensor layouts and views as SPV_NV_tensor_addressing (issue 5, helper K). The types reach
//! the IR as `Type::Opaque` named by their GLSL text (`coopmat<float16_t, gl_ScopeSubgroup,
//! 16, 8, gl_MatrixUseA>`, `tensorLayoutNV<2, 0>`, `tensorViewNV<5, false, 0, 1, 2, 3, 4>`);
//! here the text is read back and declared:
//!
//! * `OpTypeCooperativeMatrixKHR component scope rows columns use` (the last four as 32-bit
//!   unsigned constants, or the 32-bit integer specialization constant a parameter names),
//!   with capability `CooperativeMatrixKHR` and the extension; the component is a scalar
//!   type, a `spirv_type`, or another vendor scalar type the module declares (bfloat16,
//!   the 8-bit floats) through its own `Type::Opaque`;
//! * `OpTypeTensorLayoutNV dim clampMode` and `OpTypeTensorViewNV dim hasDimensions p...`
//!   (capability `TensorAddressingNV`, extension SPV_NV_tensor_addressing).
//!
//! The operations are in `instr/coopmat_khr.rs`.

use fresnel_ir::{BaseType, Type};

use super::{Module, Result, SpirvError};

pub const CAP_COOPERATIVE_MATRIX_KHR: u32 = 6022;
pub const CAP_COOPERATIVE_MATRIX_REDUCTIONS_NV: u32 = 5430;
pub const CAP_COOPERATIVE_MATRIX_CONVERSIONS_NV: u32 = 5431;
pub const CAP_COOPERATIVE_MATRIX_PER_ELEMENT_OPERATIONS_NV: u32 = 5432;
pub const CAP_COOPERATIVE_MATRIX_TENSOR_ADDRESSING_NV: u32 = 5433;
pub const CAP_COOPERATIVE_MATRIX_BLOCK_LOADS_NV: u32 = 5434;
pub const CAP_TENSOR_ADDRESSING_NV: u32 = 5439;
/// SPV_NV_cooperative_matrix_decode_vector: `DecodeVectorFunc` (tensor addressing operand
/// bit [`TENSOR_ADDRESSING_DECODE_VECTOR_FUNC`]) on `OpCooperativeMatrixLoadTensorNV`.
pub const CAP_COOPERATIVE_MATRIX_DECODE_VECTOR_NV: u32 = 5447;
pub const TENSOR_ADDRESSING_DECODE_VECTOR_FUNC: u32 = 4;
pub const CAP_COOPERATIVE_MATRIX_LAYOUTS_ARM: u32 = 4201;

pub const OP_TYPE_COOPERATIVE_MATRIX_KHR: u16 = 4456;
pub const OP_COOPERATIVE_MATRIX_LOAD_KHR: u16 = 4457;
pub const OP_COOPERATIVE_MATRIX_STORE_KHR: u16 = 4458;
pub const OP_COOPERATIVE_MATRIX_MUL_ADD_KHR: u16 = 4459;
pub const OP_COOPERATIVE_MATRIX_LENGTH_KHR: u16 = 4460;
pub const OP_COOPERATIVE_MATRIX_CONVERT_NV: u16 = 5293;
pub const OP_COOPERATIVE_MATRIX_REDUCE_NV: u16 = 5366;
pub const OP_COOPERATIVE_MATRIX_LOAD_TENSOR_NV: u16 = 5367;
pub const OP_COOPERATIVE_MATRIX_STORE_TENSOR_NV: u16 = 5368;
pub const OP_COOPERATIVE_MATRIX_PER_ELEMENT_OP_NV: u16 = 5369;
pub const OP_TYPE_TENSOR_LAYOUT_NV: u16 = 5370;
pub const OP_TYPE_TENSOR_VIEW_NV: u16 = 5371;
pub const OP_CREATE_TENSOR_LAYOUT_NV: u16 = 5372;
pub const OP_TENSOR_LAYOUT_SET_DIMENSION_NV: u16 = 5373;
pub const OP_TENSOR_LAYOUT_SET_STRIDE_NV: u16 = 5374;
pub const OP_TENSOR_LAYOUT_SLICE_NV: u16 = 5375;
pub const OP_TENSOR_LAYOUT_SET_CLAMP_VALUE_NV: u16 = 5376;
pub const OP_CREATE_TENSOR_VIEW_NV: u16 = 5377;
pub const OP_TENSOR_VIEW_SET_DIMENSION_NV: u16 = 5378;
pub const OP_TENSOR_VIEW_SET_STRIDE_NV: u16 = 5379;
pub const OP_TENSOR_VIEW_SET_CLIP_NV: u16 = 5382;
pub const OP_TENSOR_LAYOUT_SET_BLOCK_SIZE_NV: u16 = 5384;
pub const OP_COOPERATIVE_MATRIX_TRANSPOSE_NV: u16 = 5390;

/// A parameter of a type: a number, or the name of a specialization constant.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Param<'a> {
    Lit(u32),
    Spec(&'a str),
}

/// The component type of a cooperative matrix.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Comp<'a> {
    /// A scalar the IR has values of.
    Scalar(BaseType, u8),
    /// Another type, by its GLSL text (`spirv_type(...)`, `bfloat16_t`, ...).
    Other(&'a str),
}

impl Comp<'_> {
    /// The scalar's base type and width, when the IR has values of it.
    pub fn scalar(self) -> Option<(BaseType, u8)> {
        match self {
            Comp::Scalar(b, n) => Some((b, n)),
            Comp::Other(_) => None,
        }
    }

    /// The base type and width the arithmetic and conversions treat the component as: the
    /// scalar's, or a float of its width for the small float formats.
    pub fn arith(self) -> Option<(BaseType, u8)> {
        match self {
            Comp::Scalar(b, n) => Some((b, n)),
            Comp::Other(n) => small_float(n).map(|f| (BaseType::Float, f.bits)),
        }
    }
}

/// A small floating-point component type (GL_EXT_bfloat16, GL_EXT_float8_*).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SmallFloat {
    pub bits: u8,
    /// The `FPEncoding` operand of `OpTypeFloat`.
    pub encoding: u32,
    /// The type's capability and the cooperative matrix one.
    pub cap: u32,
    pub coopmat_cap: u32,
    pub ext: &'static str,
}

/// The small float format of a GLSL type name.
pub fn small_float(name: &str) -> Option<SmallFloat> {
    let (bits, encoding, cap, coopmat_cap, ext) = match name {
        "bfloat16_t" => (16, 0, 5116, 5118, "SPV_KHR_bfloat16"),
        "floate4m3_t" => (8, 4214, 4212, 4213, "SPV_EXT_float8"),
        "floate5m2_t" => (8, 4215, 4212, 4213, "SPV_EXT_float8"),
        _ => return None,
    };
    Some(SmallFloat {
        bits,
        encoding,
        cap,
        coopmat_cap,
        ext,
    })
}

/// The parts of a KHR cooperative matrix type.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CoopMatKhr<'a> {
    pub comp: Comp<'a>,
    /// A SPIR-V `Scope` value (or a specialization constant).
    pub scope: Param<'a>,
    pub rows: Param<'a>,
    pub cols: Param<'a>,
    /// `MatrixAKHR` (0), `MatrixBKHR` (1), `MatrixAccumulatorKHR` (2).
    pub usage: Param<'a>,
}

fn ident(s: &str) -> bool {
    s.chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

fn param(s: &str) -> Option<Param<'_>> {
    match s.parse::<u32>() {
        Ok(n) => Some(Param::Lit(n)),
        Err(_) => ident(s).then_some(Param::Spec(s)),
    }
}

/// A matrix dimension (not 0).
fn dim(s: &str) -> Option<Param<'_>> {
    param(s).filter(|p| *p != Param::Lit(0))
}

fn scope(s: &str) -> Option<Param<'_>> {
    Some(Param::Lit(match s {
        "gl_ScopeDevice" => 1,
        "gl_ScopeWorkgroup" => 2,
        "gl_ScopeSubgroup" => 3,
        "gl_ScopeInvocation" => 4,
        "gl_ScopeQueueFamily" => 5,
        _ => return param(s),
    }))
}

fn usage(s: &str) -> Option<Param<'_>> {
    Some(Param::Lit(match s {
        "gl_MatrixUseA" => 0,
        "gl_MatrixUseB" => 1,
        "gl_MatrixUseAccumulator" => 2,
        _ => return param(s),
    }))
}

/// The scalar a GLSL scalar type name denotes.
pub fn scalar_named(s: &str) -> Option<(BaseType, u8)> {
    use BaseType::{Float, Int, Uint};
    Some(match s {
        "float16_t" => (Float, 16),
        "float" | "float32_t" => (Float, 32),
        "double" | "float64_t" => (Float, 64),
        "int8_t" => (Int, 8),
        "int16_t" => (Int, 16),
        "int" | "int32_t" => (Int, 32),
        "int64_t" => (Int, 64),
        "uint8_t" => (Uint, 8),
        "uint16_t" => (Uint, 16),
        "uint" | "uint32_t" => (Uint, 32),
        "uint64_t" => (Uint, 64),
        _ => return None,
    })
}

/// Reads `coopmat<float16_t, gl_ScopeSubgroup, 16, 8, gl_MatrixUseA>` (a parameter may
/// name a specialization constant; the component may be any type text, commas included).
pub fn parse(name: &str) -> Option<CoopMatKhr<'_>> {
    let inner = name.trim().strip_prefix("coopmat<")?.strip_suffix('>')?;
    let mut parts = inner.rsplitn(5, ',').map(str::trim);
    let (u, cols, rows, sc, comp) = (
        parts.next()?,
        parts.next()?,
        parts.next()?,
        parts.next()?,
        parts.next()?,
    );
    if comp.is_empty() {
        return None;
    }
    let comp = match scalar_named(comp) {
        Some((b, n)) => Comp::Scalar(b, n),
        None if comp == "bool" => return None,
        None => Comp::Other(comp),
    };
    Some(CoopMatKhr {
        comp,
        scope: scope(sc)?,
        rows: dim(rows)?,
        cols: dim(cols)?,
        usage: usage(u)?,
    })
}

/// A tensor layout or view type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tensor<'a> {
    /// `tensorLayoutNV<dim, clampMode>`.
    Layout { dim: Param<'a>, clamp: Param<'a> },
    /// `tensorViewNV<dim, hasDimensions, p0, p1, ...>`.
    View {
        dim: Param<'a>,
        has_dims: Param<'a>,
        perm: Vec<Param<'a>>,
    },
}

/// Reads `tensorLayoutNV<2, 0>` or `tensorViewNV<5, false, 0, 1, 2, 3, 4>`.
pub fn parse_tensor(name: &str) -> Option<Tensor<'_>> {
    let name = name.trim();
    if let Some(r) = name.strip_prefix("tensorLayoutNV<") {
        let parts: Vec<&str> = r.strip_suffix('>')?.split(',').map(str::trim).collect();
        let [d, c] = parts.as_slice() else {
            return None;
        };
        return Some(Tensor::Layout {
            dim: dim(d)?,
            clamp: param(c)?,
        });
    }
    let r = name.strip_prefix("tensorViewNV<")?;
    let parts: Vec<&str> = r.strip_suffix('>')?.split(',').map(str::trim).collect();
    let (d, rest) = parts.split_first()?;
    let (h, perm) = rest.split_first()?;
    let has_dims = match *h {
        "false" => Param::Lit(0),
        "true" => Param::Lit(1),
        h => param(h)?,
    };
    Some(Tensor::View {
        dim: dim(d)?,
        has_dims,
        perm: perm.iter().map(|p| param(p)).collect::<Option<Vec<_>>>()?,
    })
}

impl Module<'_> {
    /// The KHR cooperative matrix type named `name` (`None`: not one).
    pub(crate) fn coopmat_khr_type(&mut self, name: &str) -> Option<Result<u32>> {
        let c = parse(name)?;
        Some(self.declare_coopmat_khr(&c, name))
    }

    fn declare_coopmat_khr(&mut self, c: &CoopMatKhr<'_>, name: &str) -> Result<u32> {
        self.cap(CAP_COOPERATIVE_MATRIX_KHR);
        self.exts.insert("SPV_KHR_cooperative_matrix");
        let comp = self.coopmat_component(c.comp, name)?;
        let scope = self.coopmat_param(c.scope, name)?;
        let rows = self.coopmat_param(c.rows, name)?;
        let cols = self.coopmat_param(c.cols, name)?;
        let usage = self.coopmat_param(c.usage, name)?;
        Ok(self.ty(
            OP_TYPE_COOPERATIVE_MATRIX_KHR,
            &[comp, scope, rows, cols, usage],
        ))
    }

    /// The KHR cooperative matrix type of `c` with another component (a conversion's
    /// intermediate result).
    pub(crate) fn coopmat_khr_with_comp(
        &mut self,
        c: &CoopMatKhr<'_>,
        comp: Comp<'_>,
    ) -> Result<u32> {
        let c2 = CoopMatKhr { comp, ..*c };
        self.declare_coopmat_khr(&c2, "coopmat")
    }

    /// The component type id.
    pub(crate) fn coopmat_component(&mut self, comp: Comp<'_>, ty: &str) -> Result<u32> {
        match comp {
            Comp::Scalar(b, n) => Ok(self.scalar_type(b, n)),
            Comp::Other(n) => {
                if let Some(r) = self.spirv_type(n) {
                    return r;
                }
                let small = small_float(n);
                if let Some(f) = small {
                    self.cap(f.cap);
                    self.cap(f.coopmat_cap);
                    self.exts.insert(f.ext);
                }
                // A vendor scalar type the module has (bfloat16_t, floate4m3_t, ...): its
                // own declaration.
                let found = self
                    .shader
                    .types
                    .iter()
                    .find(|(_, t)| matches!(t, Type::Opaque(o) if o == n))
                    .map(|(id, _)| id);
                match (found, small) {
                    (Some(id), _) => self.ir_type(id, false, None),
                    // Not otherwise in the module: `OpTypeFloat` with its encoding.
                    (None, Some(f)) => Ok(self.ty(
                        super::spec::op::TYPE_FLOAT,
                        &[u32::from(f.bits), f.encoding],
                    )),
                    (None, None) => Err(SpirvError::new(format!(
                        "type `{ty}`: component type `{n}` is not supported in SPIR-V output"
                    ))),
                }
            }
        }
    }

    /// A type parameter as a constant id: a 32-bit unsigned constant, or the 32-bit integer
    /// specialization constant of that name.
    pub(crate) fn coopmat_param(&mut self, p: Param<'_>, ty: &str) -> Result<u32> {
        match p {
            Param::Lit(n) => Ok(self.const_u32(n)),
            Param::Spec(name) => self.spec_u32_param(name, ty, "parameter"),
        }
    }

    /// The tensor layout or view type named `name` (`None`: not one).
    pub(crate) fn tensor_nv_type(&mut self, name: &str) -> Option<Result<u32>> {
        let t = parse_tensor(name)?;
        Some(self.declare_tensor_nv(&t, name))
    }

    fn declare_tensor_nv(&mut self, t: &Tensor<'_>, name: &str) -> Result<u32> {
        self.cap(CAP_TENSOR_ADDRESSING_NV);
        self.exts.insert("SPV_NV_tensor_addressing");
        match t {
            Tensor::Layout { dim, clamp } => {
                let d = self.coopmat_param(*dim, name)?;
                let c = self.coopmat_param(*clamp, name)?;
                Ok(self.ty(OP_TYPE_TENSOR_LAYOUT_NV, &[d, c]))
            }
            Tensor::View {
                dim,
                has_dims,
                perm,
            } => {
                let d = self.coopmat_param(*dim, name)?;
                let h = match has_dims {
                    Param::Lit(v) => {
                        let k = super::types::Kind::new(BaseType::Bool, 1, 1);
                        self.constant(k, &[u64::from(*v != 0)])
                    }
                    Param::Spec(_) => {
                        return Err(SpirvError::new(format!(
                            "type `{name}`: a specialization constant as HasDimensions is not supported"
                        )))
                    }
                };
                let mut ops = vec![d, h];
                for p in perm {
                    ops.push(self.coopmat_param(*p, name)?);
                }
                Ok(self.ty(OP_TYPE_TENSOR_VIEW_NV, &ops))
            }
        }
    }
}

/// Per function (by id): whether it is only named as the function argument of vendor
/// operations (`coopMatLoadTensorNV`'s decode function, ...) and never called: such a
/// function may take arrays by value (a decode function's block coordinates,
/// `uint32_t blockCoords[2]`), which no IR call could pass (issue 5, helper K).
/// (Performance: every function at once, one walk of the module, not one per function;
/// the tables are made only once a function is named: empty, the usual answer, for none.)
pub(crate) fn callee_only(shader: &fresnel_ir::Shader) -> Vec<bool> {
    // The answer only changes a signature with an array parameter or result (`func_sig`'s
    // `by_value_arrays`): without one, no walk (performance: the walk visits every
    // instruction, 0.2M instructions on a big shader, for an answer that is almost never
    // used).
    let array_in_signature = shader.functions.iter().any(|(_, f)| {
        f.params
            .iter()
            .map(|p| p.var)
            .chain(f.ret)
            .any(|v| value_array(&shader.types, shader.vars[v].ty))
    });
    if !array_in_signature {
        return Vec::new();
    }
    let n = shader.functions.len();
    let mut called: Vec<bool> = Vec::new();
    let mut named: Vec<bool> = Vec::new();
    for (_, f) in shader.functions.iter() {
        let mut visit = |b: fresnel_ir::BlockId| {
            for &id in &f.blocks[b].instrs {
                match &f.instrs[id].kind {
                    fresnel_ir::InstrKind::Call { func, .. } => {
                        if called.is_empty() {
                            called = vec![false; n];
                        }
                        if let Some(c) = called.get_mut(func.0 as usize) {
                            *c = true;
                        }
                    }
                    fresnel_ir::InstrKind::Intrinsic(x) => {
                        for c in x.callees() {
                            if named.is_empty() {
                                named = vec![false; n];
                            }
                            if let Some(k) = usize::try_from(c).ok().and_then(|c| named.get_mut(c))
                            {
                                *k = true;
                            }
                        }
                    }
                    _ => {}
                }
            }
        };
        // The blocks of the tree then the end block (as `blocks_in_order` lists them,
        // without making the list).
        f.walk(&mut |node| {
            if let fresnel_ir::CfNode::Block(b) = node {
                visit(b);
            }
        });
        visit(f.end_block);
    }
    if named.is_empty() {
        return named;
    }
    called.resize(n, false);
    named.iter().zip(&called).map(|(&m, &c)| m && !c).collect()
}

/// Whether `ty` is an array (of arrays) of scalars or vectors, or a long vector: the
/// by-value parameters and results
/// [`callee_only`] functions may have.
pub(crate) fn value_array(types: &fresnel_ir::Types, ty: fresnel_ir::TypeId) -> bool {
    // A long vector (GL_EXT_long_vector: an opaque type in the IR) is passed whole too
    // (`decodeU8x8` of GL_NV_cooperative_matrix_decode_vector returns one).
    if matches!(types.get(ty), Type::Opaque(n) if super::long_vector::parse(n).is_some()) {
        return true;
    }
    let mut t = ty;
    for _ in 0..8 {
        match types.get(t) {
            Type::Array { elem, .. } => t = *elem,
            Type::Vector { .. } => return t != ty,
            _ => return false,
        }
    }
    false
}

/// The Vulkan memory model SPV_KHR_cooperative_matrix requires of shaders (issue 5,
/// helper K): `VulkanMemoryModel` (and its extension before SPIR-V 1.5) with memory model
/// `Vulkan` (`Module::finish` writes it when the capability is declared).
///
/// The `Coherent` decoration does not exist in that model: a coherent buffer's accesses say
/// so themselves, as glslang writes them. Loads (and cooperative matrix loads) through
/// pointers into a block decorated `Coherent` get `MakePointerVisible|NonPrivatePointer`
/// at `QueueFamily` scope, stores `MakePointerAvailable|NonPrivatePointer`, and the
/// decorations go. Device-scope barriers and atomics need `VulkanMemoryModelDeviceScope`.
const CAP_VULKAN_MEMORY_MODEL: u32 = 5345;
const CAP_VULKAN_MEMORY_MODEL_DEVICE_SCOPE: u32 = 5346;
const DECOR_COHERENT: u32 = 23;
const DECOR_VOLATILE: u32 = 21;
const MEM_ALIGNED: u32 = 0x2;
const MEM_MAKE_AVAILABLE: u32 = 0x8;
const MEM_MAKE_VISIBLE: u32 = 0x10;
const MEM_NON_PRIVATE: u32 = 0x20;

/// The instructions of a word stream: (start, opcode, word count).
fn stream(words: &[u32]) -> Vec<(usize, u16, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let n = (words[i] >> 16) as usize;
        if n == 0 || i + n > words.len() {
            break;
        }
        out.push((i, (words[i] & 0xffff) as u16, n));
        i += n;
    }
    out
}

/// `ops` with the memory operands at `at` (absent when `at` is past the end) extended by
/// `add` (`MakePointerAvailable`/`Visible` take `scope`).
fn with_memory_operands(ops: &[u32], at: usize, add: u32, scope: u32) -> Vec<u32> {
    let mut out = ops[..at.min(ops.len())].to_vec();
    let old = ops.get(at).copied().unwrap_or(0);
    let mut rest = at + 1;
    let mut aligned = None;
    let mut avail = None;
    let mut visible = None;
    if old & MEM_ALIGNED != 0 {
        aligned = ops.get(rest).copied();
        rest += 1;
    }
    if old & MEM_MAKE_AVAILABLE != 0 {
        avail = ops.get(rest).copied();
        rest += 1;
    }
    if old & MEM_MAKE_VISIBLE != 0 {
        visible = ops.get(rest).copied();
        rest += 1;
    }
    let mask = old | add;
    out.push(mask);
    if mask & MEM_ALIGNED != 0 {
        out.push(aligned.unwrap_or(1));
    }
    if mask & MEM_MAKE_AVAILABLE != 0 {
        out.push(avail.unwrap_or(scope));
    }
    if mask & MEM_MAKE_VISIBLE != 0 {
        out.push(visible.unwrap_or(scope));
    }
    if rest < ops.len() {
        out.extend_from_slice(&ops[rest..]);
    }
    out
}

impl Module<'_> {
    /// Switches a module using SPV_KHR_cooperative_matrix to the Vulkan memory model (see
    /// [`CAP_VULKAN_MEMORY_MODEL`]); called once everything is written.
    pub(crate) fn coopmat_memory_model(&mut self) -> Result<()> {
        const CAP_SHADER: u32 = 1;
        if !self.caps.contains(&CAP_COOPERATIVE_MATRIX_KHR) || !self.caps.contains(&CAP_SHADER) {
            return Ok(());
        }
        if self.version() < (1, 3) {
            let v = self.version();
            return Err(SpirvError::new(format!(
                "cooperative matrices (GL_KHR_cooperative_matrix) need the Vulkan memory model, which needs SPIR-V 1.3 (this target writes SPIR-V {}.{}: target Vulkan 1.1 or later)",
                v.0, v.1
            )));
        }
        self.cap(CAP_VULKAN_MEMORY_MODEL);
        if self.version() < (1, 5) {
            self.exts.insert("SPV_KHR_vulkan_memory_model");
        }
        // Coherent blocks, the pointer types to them, and variables decorated directly.
        let mut coherent_structs = rustc_hash::FxHashSet::default();
        let mut coherent_ids = rustc_hash::FxHashSet::default();
        let dec = &self.decorations.words;
        let mut volatile = false;
        for &(i, opc, n) in &stream(dec) {
            match opc {
                71 if n >= 3 && dec[i + 2] == DECOR_COHERENT => {
                    coherent_ids.insert(dec[i + 1]);
                }
                72 if n >= 4 && dec[i + 3] == DECOR_COHERENT => {
                    coherent_structs.insert(dec[i + 1]);
                }
                71 if n >= 3 && dec[i + 2] == DECOR_VOLATILE => volatile = true,
                72 if n >= 4 && dec[i + 3] == DECOR_VOLATILE => volatile = true,
                _ => {}
            }
        }
        if volatile {
            return Err(SpirvError::new(
                "a `volatile` variable in a module using cooperative matrices: SPV_KHR_cooperative_matrix needs the Vulkan memory model, where volatile accesses are not written yet",
            ));
        }
        // A variable decorated itself (not through its block's members) is an image's: its
        // accesses would need texel availability operands, not written here.
        let direct: Vec<u32> = coherent_ids.iter().copied().collect();
        let mut coherent_ptr_types = rustc_hash::FxHashSet::default();
        let mut device_scopes = rustc_hash::FxHashSet::default();
        let mut int32_types = rustc_hash::FxHashSet::default();
        let g = &self.globals.words;
        for &(i, opc, n) in &stream(g) {
            match opc {
                // OpTypeInt 32
                21 if n >= 4 && g[i + 2] == 32 => {
                    int32_types.insert(g[i + 1]);
                }
                // OpTypePointer to a coherent block (or array of them: arrays are not
                // followed here; a block is what GLSL decorates).
                32 if n >= 4 && coherent_structs.contains(&g[i + 3]) => {
                    coherent_ptr_types.insert(g[i + 1]);
                }
                // OpTypeForwardPointer is resolved by the pointer declared later.
                // OpConstant 1 of a 32-bit integer type: the Device scope.
                43 if n == 4 && int32_types.contains(&g[i + 1]) && g[i + 3] == 1 => {
                    device_scopes.insert(g[i + 2]);
                }
                // OpVariable of a coherent block.
                59 if n >= 4 && coherent_ptr_types.contains(&g[i + 1]) => {
                    coherent_ids.insert(g[i + 2]);
                }
                59 if n >= 4 && direct.contains(&g[i + 2]) => {
                    return Err(SpirvError::new(
                        "a `coherent` image or variable outside a buffer block in a module using cooperative matrices (SPV_KHR_cooperative_matrix needs the Vulkan memory model, whose coherent image accesses are not written yet)",
                    ));
                }
                _ => {}
            }
        }
        // Forward-declared pointers are declared after their blocks' members are decorated,
        // so the pass above saw them; variables of those types too.
        // The scope of the availability operands (only declared when something is coherent).
        let queue_family = if coherent_ids.is_empty() && coherent_ptr_types.is_empty() {
            0
        } else {
            self.const_u32(5)
        };
        let f = std::mem::take(&mut self.functions.words);
        let mut out = Vec::with_capacity(f.len() + 64);
        let mut device_scope = false;
        for &(i, opc, n) in &stream(&f) {
            let ops = &f[i + 1..i + n];
            // Results typed as pointers to coherent blocks (variables, loaded buffer
            // references, parameters) and access chains into coherent memory.
            let typed = matches!(opc, 59 | 61 | 55 | 83 | 245) && ops.len() >= 2;
            if typed && coherent_ptr_types.contains(&ops[0]) {
                coherent_ids.insert(ops[1]);
            }
            if matches!(opc, 65 | 66 | 67 | 70 | 83 | 124)
                && ops.len() >= 3
                && coherent_ids.contains(&ops[2])
            {
                coherent_ids.insert(ops[1]);
            }
            match opc {
                224 if ops.len() >= 2 => {
                    device_scope |=
                        device_scopes.contains(&ops[0]) || device_scopes.contains(&ops[1]);
                }
                225 if !ops.is_empty() => device_scope |= device_scopes.contains(&ops[0]),
                228 if ops.len() >= 2 => device_scope |= device_scopes.contains(&ops[1]),
                227 | 229..=242 | 5614 | 5615 | 6035 if ops.len() >= 4 => {
                    device_scope |= device_scopes.contains(&ops[3]);
                }
                _ => {}
            }
            let rewritten = match opc {
                // OpLoad result-type result pointer [memory operands]
                61 if ops.len() >= 3 && coherent_ids.contains(&ops[2]) => Some(
                    with_memory_operands(ops, 3, MEM_MAKE_VISIBLE | MEM_NON_PRIVATE, queue_family),
                ),
                // OpStore pointer object [memory operands]
                62 if ops.len() >= 2 && coherent_ids.contains(&ops[0]) => {
                    Some(with_memory_operands(
                        ops,
                        2,
                        MEM_MAKE_AVAILABLE | MEM_NON_PRIVATE,
                        queue_family,
                    ))
                }
                // OpCooperativeMatrixLoadKHR type result pointer layout stride [operands]
                4457 if ops.len() >= 5 && coherent_ids.contains(&ops[2]) => Some(
                    with_memory_operands(ops, 5, MEM_MAKE_VISIBLE | MEM_NON_PRIVATE, queue_family),
                ),
                // OpCooperativeMatrixStoreKHR pointer object layout stride [operands]
                4458 if ops.len() >= 4 && coherent_ids.contains(&ops[0]) => {
                    Some(with_memory_operands(
                        ops,
                        4,
                        MEM_MAKE_AVAILABLE | MEM_NON_PRIVATE,
                        queue_family,
                    ))
                }
                // The tensor loads and stores: memory operands after the layout.
                5367 if ops.len() >= 6 && coherent_ids.contains(&ops[2]) => Some(
                    with_memory_operands(ops, 5, MEM_MAKE_VISIBLE | MEM_NON_PRIVATE, queue_family),
                ),
                5368 if ops.len() >= 4 && coherent_ids.contains(&ops[0]) => {
                    Some(with_memory_operands(
                        ops,
                        3,
                        MEM_MAKE_AVAILABLE | MEM_NON_PRIVATE,
                        queue_family,
                    ))
                }
                // OpCopyMemory from or to coherent memory has no single set of operands
                // written here.
                63 if ops.len() >= 2
                    && (coherent_ids.contains(&ops[0]) || coherent_ids.contains(&ops[1])) =>
                {
                    return Err(SpirvError::new(
                        "a copy of coherent memory in a module using cooperative matrices (Vulkan memory model) is not supported",
                    ));
                }
                _ => None,
            };
            match rewritten {
                Some(ops) => {
                    out.push(((ops.len() as u32 + 1) << 16) | u32::from(opc));
                    out.extend_from_slice(&ops);
                }
                None => out.extend_from_slice(&f[i..i + n]),
            }
        }
        self.functions.words = out;
        if device_scope {
            self.cap(CAP_VULKAN_MEMORY_MODEL_DEVICE_SCOPE);
        }
        // The Coherent decorations go.
        let dec = std::mem::take(&mut self.decorations.words);
        let mut kept = Vec::with_capacity(dec.len());
        for &(i, opc, n) in &stream(&dec) {
            let coherent = (opc == 71 && n >= 3 && dec[i + 2] == DECOR_COHERENT)
                || (opc == 72 && n >= 4 && dec[i + 3] == DECOR_COHERENT);
            if !coherent {
                kept.extend_from_slice(&dec[i..i + n]);
            }
        }
        self.decorations.words = kept;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_matrices() {
        assert_eq!(
            parse("coopmat<float16_t, gl_ScopeSubgroup, 16, 8, gl_MatrixUseAccumulator>"),
            Some(CoopMatKhr {
                comp: Comp::Scalar(BaseType::Float, 16),
                scope: Param::Lit(3),
                rows: Param::Lit(16),
                cols: Param::Lit(8),
                usage: Param::Lit(2),
            })
        );
        let c = parse("coopmat<spirv_type(capabilities = [9], id = 22, 16), gl_ScopeSubgroup, 16, 16, gl_MatrixUseA>")
            .expect("parsed");
        assert_eq!(
            c.comp,
            Comp::Other("spirv_type(capabilities = [9], id = 22, 16)")
        );
        assert_eq!(c.usage, Param::Lit(0));
        let c = parse("coopmat<float, gl_ScopeSubgroup, TILE_M, 8, gl_MatrixUseB>").expect("p");
        assert_eq!((c.rows, c.usage), (Param::Spec("TILE_M"), Param::Lit(1)));
        assert_eq!(
            parse("coopmat<uint8_t, gl_ScopeWorkgroup, 64, 32, gl_MatrixUseA>").map(|c| c.comp),
            Some(Comp::Scalar(BaseType::Uint, 8))
        );
        assert_eq!(
            parse("coopmat<float, gl_ScopeSubgroup, 0, 8, gl_MatrixUseA>"),
            None
        );
        assert_eq!(
            parse("coopmat<float, gl_ScopeSubgroup, (specialization constant expression, default 16), 8, gl_MatrixUseA>"),
            None
        );
        assert_eq!(parse("fcoopmatNV<16, gl_ScopeSubgroup, 8, 8>"), None);
        assert_eq!(parse("coopmat<bool, 3, 8, 8, 0>"), None);
    }

    #[test]
    fn memory_operands_are_extended_in_order() {
        // OpLoad type result pointer: no operands yet.
        assert_eq!(
            with_memory_operands(&[1, 2, 3], 3, MEM_MAKE_VISIBLE | MEM_NON_PRIVATE, 9),
            vec![1, 2, 3, 0x30, 9]
        );
        // Aligned 4 kept before the scope; what follows the operands is kept.
        assert_eq!(
            with_memory_operands(&[1, 2, MEM_ALIGNED, 4, 77], 2, MEM_MAKE_AVAILABLE, 9),
            vec![1, 2, MEM_ALIGNED | MEM_MAKE_AVAILABLE, 4, 9, 77]
        );
        // A tensor load's mandatory operand `None` followed by addressing operands.
        assert_eq!(
            with_memory_operands(&[5, 6, 7, 8, 10, 0, 1, 55], 5, MEM_MAKE_VISIBLE, 9),
            vec![5, 6, 7, 8, 10, MEM_MAKE_VISIBLE, 9, 1, 55]
        );
    }

    #[test]
    fn parses_tensor_layouts_and_views() {
        assert_eq!(
            parse_tensor("tensorLayoutNV<2, 0>"),
            Some(Tensor::Layout {
                dim: Param::Lit(2),
                clamp: Param::Lit(0)
            })
        );
        assert_eq!(
            parse_tensor("tensorLayoutNV<2, Clamp>"),
            Some(Tensor::Layout {
                dim: Param::Lit(2),
                clamp: Param::Spec("Clamp")
            })
        );
        assert_eq!(
            parse_tensor("tensorViewNV<2, true, 1, 0>"),
            Some(Tensor::View {
                dim: Param::Lit(2),
                has_dims: Param::Lit(1),
                perm: vec![Param::Lit(1), Param::Lit(0)]
            })
        );
        assert_eq!(parse_tensor("tensorViewNV<2>"), None);
        assert_eq!(parse_tensor("tensorARM<int, 2>"), None);
    }
}

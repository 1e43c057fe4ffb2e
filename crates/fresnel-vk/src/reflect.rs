//! Just enough SPIR-V reflection to check a job against its shaders before the driver sees
//! them: the vertex inputs (locations and numeric kinds), the fragment outputs, and the
//! descriptors (set, binding, kind, array size). A pipeline whose shaders use something the
//! job does not provide is invalid Vulkan; these checks turn that into an error.

use crate::{BufferKind, NumKind};

/// A location-assigned stage input or output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct IoVar {
    pub location: u32,
    /// How many locations it takes.
    pub locations: u32,
    /// The numeric kind of its components (`None`: not a plain numeric type).
    pub kind: Option<NumKind>,
}

/// A descriptor the module declares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Resource {
    pub set: u32,
    pub binding: u32,
    /// `None`: not a buffer (sampler, image, ...).
    pub kind: Option<BufferKind>,
    /// Array size (1 for a single block; 0 for a runtime-sized array).
    pub count: u32,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Interface {
    pub inputs: Vec<IoVar>,
    pub outputs: Vec<IoVar>,
    pub resources: Vec<Resource>,
}

#[derive(Clone, Copy, Debug)]
enum Ty {
    Num(NumKind),
    Vector(u32),
    Matrix(u32, u32),
    Array(u32, u32),
    RuntimeArray(u32),
    Struct,
    /// A storage texel buffer of `r32ui` texels (`OpTypeImage` with dimension `Buffer`,
    /// sampled 2, format `R32ui`).
    TexelBufferR32ui,
    Other,
}

const OP_TYPE_BOOL: u32 = 20;
const OP_TYPE_INT: u32 = 21;
const OP_TYPE_FLOAT: u32 = 22;
const OP_TYPE_VECTOR: u32 = 23;
const OP_TYPE_MATRIX: u32 = 24;
const OP_TYPE_IMAGE: u32 = 25;
const OP_TYPE_ARRAY: u32 = 28;
const OP_TYPE_RUNTIME_ARRAY: u32 = 29;
const OP_TYPE_STRUCT: u32 = 30;
const OP_TYPE_POINTER: u32 = 32;
const OP_CONSTANT: u32 = 43;
const OP_VARIABLE: u32 = 59;
const OP_DECORATE: u32 = 71;

const DEC_BLOCK: u32 = 2;
const DEC_BUFFER_BLOCK: u32 = 3;
const DEC_BUILTIN: u32 = 11;
const DEC_LOCATION: u32 = 30;
const DEC_BINDING: u32 = 33;
const DEC_SET: u32 = 34;

const SC_UNIFORM_CONSTANT: u32 = 0;
const SC_INPUT: u32 = 1;
const SC_UNIFORM: u32 = 2;
const SC_OUTPUT: u32 = 3;
const SC_STORAGE_BUFFER: u32 = 12;

/// Reads the interface of a module (its header already checked).
pub(crate) fn reflect(words: &[u32]) -> Result<Interface, String> {
    let bound = words.get(3).copied().unwrap_or(0) as usize;
    if bound > 1 << 22 {
        return Err(format!("id bound {bound} is too large"));
    }
    let mut types: Vec<Option<Ty>> = vec![None; bound];
    let mut consts: Vec<Option<u32>> = vec![None; bound];
    let mut pointers: Vec<Option<(u32, u32)>> = vec![None; bound];
    // Per id: location, binding, set, builtin, block, buffer block.
    #[derive(Clone, Copy, Default)]
    struct Dec {
        location: Option<u32>,
        binding: Option<u32>,
        set: Option<u32>,
        builtin: bool,
        block: bool,
        buffer_block: bool,
    }
    let mut decs: Vec<Dec> = vec![Dec::default(); bound];
    let mut vars: Vec<(u32, u32, u32)> = Vec::new();
    let id = |x: u32| -> Result<usize, String> {
        let i = x as usize;
        if i == 0 || i >= bound {
            return Err(format!("id {x} is outside the bound {bound}"));
        }
        Ok(i)
    };
    let mut i = 5;
    while i < words.len() {
        let wc = (words[i] >> 16) as usize;
        let op = words[i] & 0xffff;
        if wc == 0 || i + wc > words.len() {
            return Err(format!("malformed instruction at word {i}"));
        }
        let w = &words[i..i + wc];
        let arg = |k: usize| w.get(k).copied().ok_or("truncated instruction".to_string());
        match op {
            OP_TYPE_BOOL => types[id(arg(1)?)?] = Some(Ty::Other),
            OP_TYPE_INT => {
                let kind = if arg(3)? != 0 {
                    NumKind::Sint
                } else {
                    NumKind::Uint
                };
                types[id(arg(1)?)?] = Some(Ty::Num(kind));
            }
            OP_TYPE_FLOAT => types[id(arg(1)?)?] = Some(Ty::Num(NumKind::Float)),
            OP_TYPE_VECTOR => types[id(arg(1)?)?] = Some(Ty::Vector(arg(2)?)),
            OP_TYPE_MATRIX => types[id(arg(1)?)?] = Some(Ty::Matrix(arg(2)?, arg(3)?)),
            OP_TYPE_ARRAY => types[id(arg(1)?)?] = Some(Ty::Array(arg(2)?, arg(3)?)),
            OP_TYPE_RUNTIME_ARRAY => types[id(arg(1)?)?] = Some(Ty::RuntimeArray(arg(2)?)),
            OP_TYPE_STRUCT => types[id(arg(1)?)?] = Some(Ty::Struct),
            OP_TYPE_IMAGE => {
                // Operands: result, sampled type, dim, depth, arrayed, ms, sampled, format.
                const DIM_BUFFER: u32 = 5;
                const FORMAT_R32UI: u32 = 33;
                let texel = arg(3)? == DIM_BUFFER && arg(7)? == 2 && arg(8)? == FORMAT_R32UI;
                types[id(arg(1)?)?] = Some(if texel {
                    Ty::TexelBufferR32ui
                } else {
                    Ty::Other
                });
            }
            OP_TYPE_POINTER => pointers[id(arg(1)?)?] = Some((arg(2)?, arg(3)?)),
            OP_CONSTANT if wc == 4 => consts[id(arg(2)?)?] = Some(arg(3)?),
            OP_VARIABLE => vars.push((arg(1)?, arg(2)?, arg(3)?)),
            OP_DECORATE => {
                let d = &mut decs[id(arg(1)?)?];
                match arg(2)? {
                    DEC_LOCATION => d.location = Some(arg(3)?),
                    DEC_BINDING => d.binding = Some(arg(3)?),
                    DEC_SET => d.set = Some(arg(3)?),
                    DEC_BUILTIN => d.builtin = true,
                    DEC_BLOCK => d.block = true,
                    DEC_BUFFER_BLOCK => d.buffer_block = true,
                    _ => {}
                }
            }
            _ => {}
        }
        i += wc;
    }
    let ty = |t: u32| types.get(t as usize).copied().flatten();
    // The numeric kind of a type's scalars and the locations it takes.
    let io_shape = |t: u32| -> (Option<NumKind>, u32) {
        let mut t = t;
        let mut mult = 1u32;
        for _ in 0..16 {
            match ty(t) {
                Some(Ty::Num(k)) => return (Some(k), mult),
                Some(Ty::Vector(c)) => match ty(c) {
                    Some(Ty::Num(k)) => return (Some(k), mult),
                    _ => return (None, mult),
                },
                Some(Ty::Matrix(c, n)) => {
                    let k = match ty(c) {
                        Some(Ty::Vector(s)) => match ty(s) {
                            Some(Ty::Num(k)) => Some(k),
                            _ => None,
                        },
                        _ => None,
                    };
                    return (k, mult.saturating_mul(n));
                }
                Some(Ty::Array(e, len)) => {
                    let n = consts.get(len as usize).copied().flatten().unwrap_or(1);
                    mult = mult.saturating_mul(n);
                    t = e;
                }
                _ => return (None, mult),
            }
        }
        (None, mult)
    };
    let mut out = Interface::default();
    for (pty, var, sc) in vars {
        let d = decs.get(var as usize).copied().unwrap_or_default();
        let Some(Some((_, pointee))) = pointers.get(pty as usize).copied() else {
            return Err(format!("variable %{var} does not have a pointer type"));
        };
        match sc {
            SC_INPUT | SC_OUTPUT if !d.builtin => {
                let Some(location) = d.location else {
                    continue;
                };
                let (kind, locations) = io_shape(pointee);
                let v = IoVar {
                    location,
                    locations,
                    kind,
                };
                if sc == SC_INPUT {
                    out.inputs.push(v);
                } else {
                    out.outputs.push(v);
                }
            }
            SC_UNIFORM | SC_STORAGE_BUFFER | SC_UNIFORM_CONSTANT => {
                let (Some(set), Some(binding)) = (d.set, d.binding) else {
                    continue;
                };
                let (elem, count) = match ty(pointee) {
                    Some(Ty::Array(e, len)) => {
                        (e, consts.get(len as usize).copied().flatten().unwrap_or(1))
                    }
                    Some(Ty::RuntimeArray(e)) => (e, 0),
                    _ => (pointee, 1),
                };
                let ed = decs.get(elem as usize).copied().unwrap_or_default();
                let kind = match sc {
                    SC_UNIFORM_CONSTANT if matches!(ty(elem), Some(Ty::TexelBufferR32ui)) => {
                        Some(BufferKind::StorageTexelR32ui)
                    }
                    SC_STORAGE_BUFFER => Some(BufferKind::Storage),
                    SC_UNIFORM if ed.buffer_block => Some(BufferKind::Storage),
                    SC_UNIFORM if ed.block => Some(BufferKind::Uniform),
                    _ => None,
                };
                out.resources.push(Resource {
                    set,
                    binding,
                    kind,
                    count,
                });
            }
            _ => {}
        }
    }
    Ok(out)
}

//! Macro definitions and expansion.
//!
//! Expansion follows the C preprocessor: a function-like macro's arguments are fully expanded
//! on their own (unless they stand next to `##` or `#`), substituted, pasted, and the result is
//! rescanned together with the tokens that follow. While a macro's replacement is being
//! rescanned the macro is *busy*; an identifier naming a busy macro is marked never to expand.
//!
//! Every expansion gets an [`ExpnId`](crate::source::ExpnId) recording the macro and the
//! invocation, and the tokens it produces carry it in their spans.

use smallvec::SmallVec;

use super::*;
use crate::intern::sym;
use crate::source::{ExpnData, FileOrigin};

impl Preprocessor<'_> {
    /// Defines the predefined macros for version `v` (called once, when the version is known),
    /// then applies the command-line `-D`/`-U`.
    pub(super) fn define_predefined(&mut self, v: Version) {
        // Whether a name makes an extension macro depends on the version.
        for b in &mut self.macro_names {
            *b &= !NOT_MADE;
        }
        // Extensions on before any directive (the parser and checker start from the same).
        for (e, b) in crate::extensions::ExtensionState::initially_on(v) {
            if !self.exts.is_on(e) {
                self.exts.set(e, b);
            }
        }
        // At most six (performance: no allocation).
        let mut defs: smallvec::SmallVec<[(Symbol, u32); 6]> = smallvec::SmallVec::new();
        if v.is_es() {
            defs.push((sym::GL_ES, 1));
            defs.push((sym::GL_es_profile, 1));
            defs.push((sym::GL_FRAGMENT_PRECISION_HIGH, 1));
        } else if v.number >= 150 {
            defs.push((sym::GL_core_profile, 1));
            if v.profile == crate::version::Profile::Compatibility {
                defs.push((sym::GL_compatibility_profile, 1));
            }
        }
        if self.opts.target.is_vulkan() {
            defs.push((sym::VULKAN, 100));
        }
        if self.opts.gl_spirv {
            defs.push((sym::GL_SPIRV, 100));
        }
        if let Some(name) = self.stage_macro(v) {
            let s = self.interner.intern(name);
            defs.push((s, 1));
        }
        // Extension macros (`GL_ARB_gpu_shader5 1`, ...) are made when first looked up; see
        // `lookup_macro`.
        for (s, value) in defs {
            self.define_value(s, value);
        }
        for (s, b) in [
            (sym::__LINE__, Builtin::Line),
            (sym::__FILE__, Builtin::File),
            (sym::__VERSION__, Builtin::Version),
        ] {
            self.insert_macro(
                s,
                Macro {
                    name_span: None,
                    kind: MacroKind::Object,
                    body: smallvec::SmallVec::new(),
                    param_of: Vec::new(),
                    busy: false,
                    predefined: true,
                    builtin: Some(b),
                },
            );
        }
        self.apply_command_line_macros();
    }

    /// Defines a predefined object-like macro whose value is a number.
    fn define_value(&mut self, name: Symbol, value: u32) {
        // The values are small: spelled without formatting (performance).
        let span = match value {
            1 => self.sm.add_scratch("1"),
            100 => self.sm.add_scratch("100"),
            v => self.sm.add_scratch(&v.to_string()),
        };
        let mut tok = Token::new(TokenKind::IntLit, span);
        tok.flags.set(TokenFlags::SPACE_BEFORE);
        self.insert_macro(
            name,
            Macro {
                name_span: None,
                kind: MacroKind::Object,
                body: smallvec::smallvec![tok],
                param_of: Vec::new(),
                busy: false,
                predefined: true,
                builtin: None,
            },
        );
    }

    /// Whether `name` is a macro, making the predefined macro of an extension (value 1) the
    /// first time one is looked up. Extension macros exist once the version is known, for
    /// every extension available in that version, unless the shader undefined them (which
    /// only GL_EXT_spirv_intrinsics allows).
    #[inline]
    pub(super) fn lookup_macro(&mut self, name: Symbol) -> bool {
        // Every identifier is looked up: the answer is in a byte per name, not in the
        // macro table (performance; in line, and the first look at a name out of line).
        let bits = self.macro_names.get(name.0 as usize).copied().unwrap_or(0);
        if bits & IS_MACRO != 0 {
            return true;
        }
        if bits & NOT_MADE != 0 {
            return false;
        }
        self.lookup_new_macro_name(name)
    }

    /// [`Self::lookup_macro`] of a name not known to be a macro or not to be one: a macro
    /// of an extension available in this version is made on first use.
    #[inline(never)]
    fn lookup_new_macro_name(&mut self, name: Symbol) -> bool {
        let Some(v) = self.version else { return false };
        let made = !self.undefined_predefined.contains(&name) && {
            let text = self.interner.resolve(name);
            text.starts_with("GL_") && Ext::from_name(text).is_some_and(|e| e.available_in(v))
        };
        if made {
            self.define_value(name, 1);
        } else {
            // Stays so for this version: names are only ever added to
            // `undefined_predefined`, and a later `#define` sets `IS_MACRO`.
            self.set_macro_bits(name, NOT_MADE, true);
        }
        made
    }

    /// Defines (or redefines) macro `name`.
    fn insert_macro(&mut self, name: Symbol, m: Macro) {
        self.macros.insert(name, m);
        self.set_macro_bits(name, IS_MACRO, true);
    }

    /// Undefines macro `name`.
    fn remove_macro(&mut self, name: Symbol) {
        self.macros.remove(&name);
        self.set_macro_bits(name, IS_MACRO, false);
    }

    fn set_macro_bits(&mut self, name: Symbol, bits: u8, on: bool) {
        let i = name.0 as usize;
        if i >= self.macro_names.len() {
            self.macro_names.resize(i + 1, 0);
        }
        if on {
            self.macro_names[i] |= bits;
        } else {
            self.macro_names[i] &= !bits;
        }
    }

    /// The shader-stage macro GL_EXT_spirv_intrinsics predefines (`GL_VERTEX_SHADER`, ...),
    /// when the stage is known and the extension exists in version `v`.
    fn stage_macro(&self, v: Version) -> Option<&'static str> {
        if !Ext::EXT_spirv_intrinsics.available_in(v) {
            return None;
        }
        let rt = Ext::EXT_ray_tracing.available_in(v);
        let nv_mesh = Ext::NV_mesh_shader.available_in(v);
        Some(match self.opts.stage? {
            Stage::Vertex => "GL_VERTEX_SHADER",
            Stage::Fragment => "GL_FRAGMENT_SHADER",
            Stage::Geometry => "GL_GEOMETRY_SHADER",
            Stage::TessControl => "GL_TESSELLATION_CONTROL_SHADER",
            Stage::TessEval => "GL_TESSELLATION_EVALUATION_SHADER",
            Stage::RayGen if rt => "GL_RAY_GENERATION_SHADER_EXT",
            Stage::Intersect if rt => "GL_INTERSECTION_SHADER_EXT",
            Stage::AnyHit if rt => "GL_ANY_HIT_SHADER_EXT",
            Stage::ClosestHit if rt => "GL_CLOSEST_HIT_SHADER_EXT",
            Stage::Miss if rt => "GL_MISS_SHADER_EXT",
            Stage::Callable if rt => "GL_CALLABLE_SHADER_EXT",
            Stage::Task if nv_mesh => "GL_TASK_SHADER_NV",
            Stage::Mesh if nv_mesh => "GL_MESH_SHADER_NV",
            _ => return None,
        })
    }

    fn apply_command_line_macros(&mut self) {
        if self.opts.defines.is_empty() {
            return;
        }
        let mut text = String::new();
        for d in &self.opts.defines {
            match d {
                CommandLineMacro::Define { name, value } => {
                    let value = value.as_deref().unwrap_or("1");
                    text.push_str(&format!("#define {name} {value}\n"));
                }
                CommandLineMacro::Undef { name } => text.push_str(&format!("#undef {name}\n")),
            }
        }
        let file = self
            .sm
            .add_file("<command line>", text, FileOrigin::CommandLine);
        let shared = self
            .sm
            .file(file)
            .shared_text()
            .unwrap_or_else(|| std::sync::Arc::from(""));
        // Process the definitions as if they were a file of directives.
        self.files.push(FileFrame {
            lexer: Lexer::new(file, shared),
            lookahead: None,
            cond_base: self.conds.len(),
            continuations_seen: 0,
            comment_continuations_seen: 0,
        });
        let depth = self.files.len();
        while let Some(f) = self.files.last_mut() {
            let t = match f.lookahead.take() {
                Some(t) => t,
                None => f.lexer.next(self.interner),
            };
            if t.kind == TokenKind::Eof {
                break;
            }
            if t.kind == TokenKind::Hash && t.at_line_start() {
                self.directive(t);
            } else {
                self.error(
                    "pp-command-line",
                    t.span,
                    "unexpected token in a -D definition",
                );
            }
            if self.files.len() != depth {
                break;
            }
        }
        if self.files.len() == depth {
            self.files.pop();
        }
    }

    /// `#define`
    pub(super) fn dir_define(&mut self, span: Span) {
        let Some(name) = self.dir_next() else {
            self.error("pp-missing-macro-name", span, "#define needs a macro name");
            return;
        };
        if name.kind != TokenKind::Ident {
            self.error(
                "pp-missing-macro-name",
                name.span,
                format!(
                    "macro name must be an identifier, found `{}`",
                    self.spelling(&name)
                ),
            );
            self.skip_dir_rest();
            return;
        }
        if !self.check_macro_name(&name, "define") {
            self.skip_dir_rest();
            return;
        }
        // A function-like macro has `(` right after the name, with no space.
        let mut toks = self.dir_rest_vec();
        let mut kind = MacroKind::Object;
        if let Some(first) = toks.first() {
            if first.kind == TokenKind::LParen && !first.space_before() {
                let mut params: Vec<Symbol> = Vec::new();
                let mut i = 1;
                let mut ok = false;
                let mut expect_param = true;
                while let Some(t) = toks.get(i) {
                    match t.kind {
                        TokenKind::RParen if !expect_param || params.is_empty() => {
                            ok = true;
                            i += 1;
                            break;
                        }
                        TokenKind::Ident if expect_param => {
                            if params.contains(&t.sym) {
                                self.error(
                                    "pp-duplicate-parameter",
                                    t.span,
                                    format!("duplicate macro parameter `{}`", self.spelling(t)),
                                );
                                return;
                            }
                            params.push(t.sym);
                            expect_param = false;
                        }
                        TokenKind::Comma if !expect_param => expect_param = true,
                        _ => break,
                    }
                    i += 1;
                }
                if !ok {
                    let at = toks.get(i).map_or(name.span, |t| t.span);
                    self.error(
                        "pp-macro-parameters",
                        at,
                        format!(
                            "invalid parameter list in the definition of `{}`",
                            self.spelling(&name)
                        ),
                    );
                    return;
                }
                if params.len() > u16::MAX as usize {
                    self.error(
                        "pp-macro-parameters",
                        name.span,
                        "too many macro parameters",
                    );
                    return;
                }
                toks.drain(..i);
                kind = MacroKind::Function { params };
            }
        }
        // Which body tokens name parameters.
        let param_of: Vec<Option<u16>> = match &kind {
            MacroKind::Function { params } => toks
                .iter()
                .map(|t| {
                    if t.kind == TokenKind::Ident {
                        params.iter().position(|p| *p == t.sym).map(|i| i as u16)
                    } else {
                        None
                    }
                })
                .collect(),
            // Read only for function-like macros (performance: no allocation here).
            MacroKind::Object => Vec::new(),
        };
        // GLSL has no stringizing operator (GL_EXT_debug_printf adds one, like glslang).
        if matches!(kind, MacroKind::Function { .. }) && !self.exts.is_on(Ext::EXT_debug_printf) {
            let stringize = toks.iter().enumerate().find(|(i, t)| {
                t.kind == TokenKind::Hash && param_of.get(i + 1).copied().flatten().is_some()
            });
            if let Some((_, t)) = stringize {
                self.error(
                    "pp-stringize",
                    t.span,
                    "GLSL has no `#` (stringizing) operator in macro replacement lists",
                );
                return;
            }
        }
        // `##` may not start or end a replacement list.
        if let Some(t) = toks.first().filter(|t| t.kind == TokenKind::HashHash) {
            self.error(
                "pp-paste-position",
                t.span,
                "`##` cannot start a macro replacement list",
            );
            return;
        }
        if let Some(t) = toks.last().filter(|t| t.kind == TokenKind::HashHash) {
            self.error(
                "pp-paste-position",
                t.span,
                "`##` cannot end a macro replacement list",
            );
            return;
        }
        // Stringizing `#` (only with GL_EXT_debug_printf) must be followed by a parameter.
        if matches!(kind, MacroKind::Function { .. }) && self.exts.is_on(Ext::EXT_debug_printf) {
            for (i, t) in toks.iter().enumerate() {
                if t.kind == TokenKind::Hash {
                    let next_is_param = param_of.get(i + 1).copied().flatten().is_some();
                    let prev_is_paste = i > 0 && toks[i - 1].kind == TokenKind::HashHash;
                    let next_is_paste = toks
                        .get(i + 1)
                        .is_some_and(|t| t.kind == TokenKind::HashHash);
                    if prev_is_paste || next_is_paste {
                        self.error(
                            "pp-stringify",
                            t.span,
                            "`#` and `##` cannot be combined in a macro replacement list",
                        );
                        return;
                    }
                    if !next_is_param {
                        self.error(
                            "pp-stringify",
                            t.span,
                            "`#` must be followed by a macro parameter",
                        );
                        return;
                    }
                }
            }
        }
        let new = Macro {
            name_span: Some(name.span),
            kind,
            body: smallvec::SmallVec::from_vec(toks),
            param_of,
            busy: false,
            predefined: false,
            builtin: None,
        };
        if let Some(old) = self.macros.get(&name.sym) {
            // Desktop GLSL: defining a predefined macro whose name is reserved only by
            // convention (`__VERSION__`, or `GL_...` under GL_EXT_spirv_intrinsics) "does not
            // itself result in an error"; it replaces the predefined one.
            let by_convention = old.predefined && self.reserved_by_convention(&name);
            if !by_convention && !self.same_definition(old, &new) {
                let mut d = Diagnostic::error(
                    "pp-macro-redefined",
                    name.span,
                    format!("macro `{}` redefined differently", self.spelling(&name)),
                );
                if let Some(prev) = old.name_span {
                    d = d.with_secondary(prev, "previous definition");
                }
                self.diags.push(d);
                return;
            }
        }
        self.insert_macro(name.sym, new);
    }

    /// Rejects names that may not be (un)defined. Returns false after an error.
    fn check_macro_name(&mut self, name: &Token, what: &str) -> bool {
        let text = self.spelling(name);
        // `#define defined X` is an error as in C++, except in GLSL ES 3.00 and later, where
        // the conformance tests require it to work: inside `#if` the word stays the operator,
        // elsewhere it expands like any macro.
        if name.sym == sym::defined {
            if !self.current_version().at_least(0, 300) {
                self.error(
                    "pp-reserved-macro",
                    name.span,
                    format!("`defined` cannot be {what}d as a macro"),
                );
                return false;
            }
            self.warning(
                "pp-reserved-macro",
                name.span,
                format!(
                    "{} `defined` as a macro: inside `#if` it remains the operator",
                    if what == "define" {
                        "defining"
                    } else {
                        "undefining"
                    }
                ),
            );
            return true;
        }
        let es = self.current_version().is_es();
        // GL_EXT_spirv_intrinsics turns the `GL_` prefix into a convention, like `__`.
        let gl_prefix_reserved = !self.exts.is_on(Ext::EXT_spirv_intrinsics);
        if text.starts_with("GL_") && gl_prefix_reserved {
            self.error(
                "pp-reserved-macro",
                name.span,
                format!(
                    "macro names beginning with `GL_` are reserved; `{text}` cannot be {what}d"
                ),
            );
            return false;
        }
        // Only GLSL ES forbids undefining or redefining the predefined macros; desktop GLSL
        // reserves their names by convention only (`__LINE__`, `__FILE__`, `__VERSION__`).
        if es && self.macros.get(&name.sym).is_some_and(|m| m.predefined) {
            self.error(
                "pp-reserved-macro",
                name.span,
                format!("the predefined macro `{text}` cannot be {what}d"),
            );
            return false;
        }
        if text.starts_with("GL_") {
            self.warning(
                "pp-reserved-macro",
                name.span,
                format!("macro names beginning with `GL_` are reserved for the implementation (`{text}`)"),
            );
        }
        if text.contains("__") {
            self.warning(
                "pp-reserved-macro",
                name.span,
                format!(
                    "macro names containing `__` are reserved for the implementation (`{text}`)"
                ),
            );
        }
        true
    }

    /// Whether a macro name is reserved by convention only: it contains `__`, or it starts
    /// with `GL_` and GL_EXT_spirv_intrinsics is enabled.
    fn reserved_by_convention(&self, name: &Token) -> bool {
        let text = self.interner.resolve(name.sym);
        text.contains("__")
            || (text.starts_with("GL_") && self.exts.is_on(Ext::EXT_spirv_intrinsics))
    }

    /// Whether two definitions are the same (C's rule: same kind, parameters, and
    /// replacement tokens with the same spellings and whitespace separation).
    fn same_definition(&self, a: &Macro, b: &Macro) -> bool {
        if a.kind != b.kind || a.body.len() != b.body.len() || a.builtin.is_some() {
            return false;
        }
        a.body.iter().zip(&b.body).enumerate().all(|(i, (x, y))| {
            x.kind == y.kind
                && (i == 0 || x.space_before() == y.space_before())
                && self.spelling(x) == self.spelling(y)
        })
    }

    /// `#undef`
    pub(super) fn dir_undef(&mut self, span: Span) {
        let toks = self.dir_rest();
        let Some(name) = toks.first() else {
            self.error("pp-missing-macro-name", span, "#undef needs a macro name");
            return;
        };
        if name.kind != TokenKind::Ident {
            self.error(
                "pp-missing-macro-name",
                name.span,
                format!(
                    "macro name must be an identifier, found `{}`",
                    self.spelling(name)
                ),
            );
            return;
        }
        if let Some(extra) = toks.get(1) {
            self.error(
                "pp-extra-tokens",
                extra.span,
                "unexpected tokens after #undef",
            );
        }
        let name = *name;
        if !self.check_macro_name(&name, "undefine") {
            return;
        }
        self.remove_macro(name.sym);
        if self.interner.resolve(name.sym).starts_with("GL_") {
            // Keep a predefined extension macro from being made again on lookup.
            self.undefined_predefined.insert(name.sym);
        }
    }

    /// The next token after macro expansion.
    pub(super) fn next_expanded(&mut self) -> Token {
        loop {
            if self.stopped {
                return self.eof_token();
            }
            let mut t = self.next_raw();
            if t.kind != TokenKind::Ident || t.flags.has(TokenFlags::NO_EXPAND) {
                return t;
            }
            if self.in_if_expr && t.sym == sym::defined {
                self.pass_defined_operand();
                return t;
            }
            if !self.lookup_macro(t.sym) {
                return t;
            }
            let Some(m) = self.macros.get(&t.sym) else {
                return t;
            };
            if m.busy {
                t.flags.set(TokenFlags::NO_EXPAND);
                return t;
            }
            if let Some(b) = m.builtin {
                return self.builtin_token(t, b);
            }
            match &m.kind {
                MacroKind::Object => {
                    let body = m.body.to_vec();
                    self.push_expansion(t, t.span, body);
                }
                MacroKind::Function { params } => {
                    let nparams = params.len();
                    let next = self.next_raw();
                    if next.kind != TokenKind::LParen {
                        self.pushback.push(next);
                        return t;
                    }
                    let Some((args, rparen)) = self.collect_args(t) else {
                        continue;
                    };
                    let args = if nparams == 0 && args.len() == 1 && args[0].is_empty() {
                        Vec::new()
                    } else {
                        args
                    };
                    if args.len() != nparams {
                        let name = self.spelling(&t);
                        let mut d = Diagnostic::error(
                            "pp-macro-arguments",
                            t.span.to(rparen.span),
                            format!(
                                "macro `{name}` takes {nparams} argument{}, but {} {} given",
                                if nparams == 1 { "" } else { "s" },
                                args.len(),
                                if args.len() == 1 { "was" } else { "were" }
                            ),
                        );
                        if let Some(def) = self.macros.get(&t.sym).and_then(|m| m.name_span) {
                            d = d.with_secondary(def, "macro defined here");
                        }
                        self.diags.push(d);
                        continue;
                    }
                    let call = self.sm.join(t.span, rparen.span);
                    self.expand_function(t, call, args);
                }
            }
        }
    }

    /// In an `#if` line, passes `defined X` / `defined ( X )` through without expanding X.
    fn pass_defined_operand(&mut self) {
        let a = self.next_raw();
        if a.kind == TokenKind::LParen {
            let mut b = self.next_raw();
            let c = self.next_raw();
            b.flags.set(TokenFlags::NO_EXPAND);
            self.pushback.push(c);
            self.pushback.push(b);
            self.pushback.push(a);
        } else {
            let mut a = a;
            a.flags.set(TokenFlags::NO_EXPAND);
            self.pushback.push(a);
        }
    }

    /// The value of `__LINE__`, `__FILE__` or `__VERSION__` at token `t`.
    fn builtin_token(&mut self, t: Token, b: Builtin) -> Token {
        let text = match b {
            Builtin::Line => {
                // A `__LINE__` from a replacement list is expanded when the outermost
                // invocation has been read completely, so it gives the line of the
                // invocation's last token (its `)`), as dEQP, Mesa and C expect.
                let cs = self.sm.source_callsite(t.span);
                let last = if cs.end > cs.start {
                    cs.end - 1
                } else {
                    cs.start
                };
                self.sm.location_in_file(cs.file, last).line.to_string()
            }
            Builtin::File => {
                let loc = self.sm.location(t.span);
                let real = self.sm.source_callsite(t.span);
                let named = self
                    .sm
                    .file(real.file)
                    .line_marks()
                    .iter()
                    .rev()
                    .find_map(|m| {
                        if m.offset <= real.start {
                            m.name.clone()
                        } else {
                            None
                        }
                    });
                match named {
                    Some(PresumedName::Name(n)) => format!("\"{n}\""),
                    _ => loc.string_number.unwrap_or(0).to_string(),
                }
            }
            Builtin::Version => self.current_version().number.to_string(),
        };
        let Some(span) = self.scratch(&text, t.span) else {
            return t;
        };
        let expn = self.sm.add_expansion(ExpnData {
            macro_name: t.sym,
            def_site: None,
            call_site: t.span,
        });
        let kind = if text.starts_with('"') {
            TokenKind::StrLit
        } else {
            TokenKind::IntLit
        };
        let mut out = Token::new(kind, span.with_expn(expn));
        out.flags = t.flags;
        out.flags.clear(TokenFlags::SPLICED);
        out
    }

    /// Reads the arguments of a function-like macro invocation after its `(`. Returns the
    /// arguments and the closing parenthesis, or `None` (after an error) at the end of input.
    fn collect_args(&mut self, name: Token) -> Option<(Vec<Vec<Token>>, Token)> {
        self.collecting_args += 1;
        let mut args: Vec<Vec<Token>> = vec![Vec::new()];
        let mut depth = 0usize;
        let result = loop {
            let mut t = self.next_raw();
            match t.kind {
                TokenKind::Eof => {
                    let mname = self.spelling(&name);
                    self.diags.push(
                        Diagnostic::error(
                            "pp-unterminated-invocation",
                            name.span,
                            format!("unterminated argument list invoking macro `{mname}`"),
                        )
                        .with_label("the argument list starting here never ends"),
                    );
                    self.pushback.push(t);
                    break None;
                }
                TokenKind::LParen => depth += 1,
                TokenKind::RParen => {
                    if depth == 0 {
                        break Some((std::mem::take(&mut args), t));
                    }
                    depth -= 1;
                }
                TokenKind::Comma if depth == 0 => {
                    args.push(Vec::new());
                    continue;
                }
                TokenKind::Ident if self.macros.get(&t.sym).is_some_and(|m| m.busy) => {
                    t.flags.set(TokenFlags::NO_EXPAND);
                }
                _ => {}
            }
            if let Some(a) = args.last_mut() {
                a.push(t);
            }
        };
        self.collecting_args -= 1;
        result
    }

    /// Fully macro-expands a token list on its own (the tokens after it are not read).
    pub(super) fn expand_list(&mut self, toks: Vec<Token>) -> Vec<Token> {
        let saved = std::mem::take(&mut self.pushback);
        self.frames.push(MacroFrame {
            tokens: toks,
            pos: 0,
            macro_sym: None,
            barrier: true,
        });
        let base = self.frames.len();
        let mut out = Vec::new();
        loop {
            let t = self.next_expanded();
            if t.kind == TokenKind::Eof {
                break;
            }
            out.push(t);
        }
        // Leave the barrier (and anything left above it after a stop).
        while self.frames.len() >= base {
            if let Some(f) = self.frames.pop() {
                if let Some(sym) = f.macro_sym {
                    if let Some(m) = self.macros.get_mut(&sym) {
                        m.busy = false;
                    }
                }
            }
        }
        self.pushback = saved;
        out
    }

    /// Pushes the replacement of an object-like macro (or an already substituted
    /// function-like one) as a frame to rescan.
    fn push_expansion(&mut self, name: Token, call: Span, body: Vec<Token>) {
        let expn = self.new_expansion(name, call);
        let tokens: Vec<Token> = body
            .into_iter()
            .enumerate()
            .map(|(i, mut t)| {
                t.span = t.span.with_expn(expn);
                if i == 0 {
                    t.flags.0 = (t.flags.0 & !(TokenFlags::SPACE_BEFORE | TokenFlags::LINE_START))
                        | (name.flags.0 & TokenFlags::SPACE_BEFORE);
                } else {
                    t.flags.clear(TokenFlags::LINE_START);
                }
                t
            })
            .collect();
        let ops = tokens
            .iter()
            .map(|t| t.kind == TokenKind::HashHash)
            .collect();
        let tokens = self.paste_all(tokens, ops, expn);
        self.push_frame(name, tokens);
    }

    fn new_expansion(&mut self, name: Token, call: Span) -> crate::source::ExpnId {
        let def_site = self.macros.get(&name.sym).and_then(|m| m.name_span);
        self.sm.add_expansion(ExpnData {
            macro_name: name.sym,
            def_site,
            call_site: call,
        })
    }

    fn push_frame(&mut self, name: Token, tokens: Vec<Token>) {
        self.expansion_tokens += tokens.len();
        if self.expansion_tokens > self.opts.limits.max_expansion_tokens {
            self.fatal(
                "pp-expansion-limit",
                name.span,
                format!(
                    "macro expansion produced more than {} tokens",
                    self.opts.limits.max_expansion_tokens
                ),
            );
            return;
        }
        if self.frames.len() >= self.opts.limits.max_frames {
            self.fatal(
                "pp-expansion-depth",
                name.span,
                format!(
                    "more than {} macro expansions nested",
                    self.opts.limits.max_frames
                ),
            );
            return;
        }
        if let Some(m) = self.macros.get_mut(&name.sym) {
            m.busy = true;
        }
        self.frames.push(MacroFrame {
            tokens,
            pos: 0,
            macro_sym: Some(name.sym),
            barrier: false,
        });
    }

    /// Substitutes arguments into a function-like macro's replacement list and pushes it.
    fn expand_function(&mut self, name: Token, call: Span, args: Vec<Vec<Token>>) {
        let Some(m) = self.macros.get(&name.sym) else {
            return;
        };
        let body = m.body.to_vec();
        let param_of = m.param_of.clone();
        let expn = self.new_expansion(name, call);
        let mut expanded: Vec<Option<Vec<Token>>> = vec![None; args.len()];
        let stringify = self.exts.is_on(Ext::EXT_debug_printf);
        let mut out: Vec<Token> = Vec::with_capacity(body.len());
        // Which tokens of `out` are `##` operators: only those of the replacement list, not a
        // `##` that arrives inside an argument.
        let mut ops: Vec<bool> = Vec::with_capacity(body.len());
        let mut i = 0;
        while i < body.len() {
            let bt = body[i];
            let prev_paste = i > 0 && body[i - 1].kind == TokenKind::HashHash;
            let next_paste = body
                .get(i + 1)
                .is_some_and(|t| t.kind == TokenKind::HashHash);
            // `# param`
            if stringify && bt.kind == TokenKind::Hash {
                if let Some(Some(p)) = param_of.get(i + 1) {
                    // GL_EXT_debug_printf's `#` is glslang's: unlike C, the argument is
                    // macro-expanded first (glslang is the extension's only definition).
                    let p = *p as usize;
                    if expanded[p].is_none() {
                        expanded[p] = Some(self.pre_expand(args[p].clone(), name));
                    }
                    let arg = expanded[p].clone().unwrap_or_default();
                    let s = self.stringify(&arg);
                    let Some(span) = self.scratch(&s, bt.span) else {
                        return;
                    };
                    let mut t = Token::new(TokenKind::StrLit, span.with_expn(expn));
                    t.flags.0 = bt.flags.0 & TokenFlags::SPACE_BEFORE;
                    out.push(t);
                    ops.push(false);
                    i += 2;
                    continue;
                }
            }
            match param_of.get(i).copied().flatten() {
                Some(p) => {
                    let p = p as usize;
                    let arg: Vec<Token> = if prev_paste || next_paste {
                        args[p].clone()
                    } else {
                        if expanded[p].is_none() {
                            expanded[p] = Some(self.pre_expand(args[p].clone(), name));
                        }
                        expanded[p].clone().unwrap_or_default()
                    };
                    if arg.is_empty() {
                        if prev_paste || next_paste {
                            let mut pm = Token::new(TokenKind::Unknown, bt.span.with_expn(expn));
                            pm.flags.set(TokenFlags::PLACEMARKER);
                            out.push(pm);
                            ops.push(false);
                        }
                    } else {
                        for (k, mut t) in arg.into_iter().enumerate() {
                            if k == 0 {
                                t.flags.0 = (t.flags.0
                                    & !(TokenFlags::SPACE_BEFORE | TokenFlags::LINE_START))
                                    | (bt.flags.0 & TokenFlags::SPACE_BEFORE);
                            } else {
                                t.flags.clear(TokenFlags::LINE_START);
                            }
                            out.push(t);
                            ops.push(false);
                        }
                    }
                }
                None => {
                    let mut t = bt;
                    t.span = t.span.with_expn(expn);
                    t.flags.clear(TokenFlags::LINE_START);
                    out.push(t);
                    ops.push(bt.kind == TokenKind::HashHash);
                }
            }
            i += 1;
        }
        if let Some(first) = out.first_mut() {
            first.flags.0 = (first.flags.0 & !TokenFlags::SPACE_BEFORE)
                | (name.flags.0 & TokenFlags::SPACE_BEFORE);
        }
        if self.stopped {
            return;
        }
        let out = self.paste_all(out, ops, expn);
        self.push_frame(name, out);
    }

    /// Expands one macro argument on its own, with a bound on nesting.
    fn pre_expand(&mut self, arg: Vec<Token>, name: Token) -> Vec<Token> {
        if !arg.iter().any(|t| t.kind == TokenKind::Ident) {
            return arg;
        }
        if self.expansion_depth >= self.opts.limits.max_expansion_depth {
            self.fatal(
                "pp-expansion-depth",
                name.span,
                format!(
                    "macro invocations nested in arguments more than {} levels deep (in `{}`)",
                    self.opts.limits.max_expansion_depth,
                    self.spelling(&name)
                ),
            );
            return arg;
        }
        self.expansion_depth += 1;
        let out = self.expand_list(arg);
        self.expansion_depth -= 1;
        out
    }

    /// The string literal `#arg` makes. As in glslang, a string literal inside the argument
    /// contributes its contents (`#"x"` is `"x"`), since GLSL strings have no escapes.
    fn stringify(&self, arg: &[Token]) -> String {
        let mut s = String::from("\"");
        for (i, t) in arg.iter().enumerate() {
            if i > 0 && t.space_before() {
                s.push(' ');
            }
            let sp = self.spelling(t);
            if t.kind == TokenKind::StrLit {
                s.push_str(
                    sp.strip_prefix('"')
                        .and_then(|x| x.strip_suffix('"'))
                        .unwrap_or(&sp),
                );
            } else {
                s.push_str(&sp);
            }
        }
        s.push('"');
        s
    }

    /// Applies every `##` operator in a substituted replacement list, left to right, and
    /// removes placemarkers. `ops[i]` says whether `toks[i]` is a `##` operator (a `##` token
    /// that came from a macro argument is not one).
    fn paste_all(
        &mut self,
        toks: Vec<Token>,
        ops: Vec<bool>,
        expn: crate::source::ExpnId,
    ) -> Vec<Token> {
        if !ops.iter().any(|&op| op) {
            return toks
                .into_iter()
                .filter(|t| !t.flags.has(TokenFlags::PLACEMARKER))
                .collect();
        }
        let v = self.current_version();
        let mut out: Vec<Token> = Vec::with_capacity(toks.len());
        let mut it = toks.into_iter().zip(ops).peekable();
        let mut reported = false;
        while let Some((t, op)) = it.next() {
            if op && !out.is_empty() && it.peek().is_some() {
                if !reported && !v.at_least(130, 0) {
                    reported = true;
                    let what = if v.is_es() {
                        "token pasting (`##`) is not available in GLSL ES".to_string()
                    } else {
                        format!(
                            "token pasting (`##`) needs GLSL 1.30 or later (this is GLSL {})",
                            v.number
                        )
                    };
                    self.error("pp-token-paste", t.span, what);
                }
                let Some(left) = out.pop() else { continue };
                let Some((right, _)) = it.next() else { break };
                let pasted = self.paste(left, right, expn);
                out.extend(pasted);
            } else {
                out.push(t);
            }
        }
        out.retain(|t| !t.flags.has(TokenFlags::PLACEMARKER));
        out
    }

    /// Pastes two tokens into one (or reports that they do not form one token).
    fn paste(
        &mut self,
        left: Token,
        right: Token,
        expn: crate::source::ExpnId,
    ) -> SmallVec<[Token; 2]> {
        if left.flags.has(TokenFlags::PLACEMARKER) {
            return smallvec::smallvec![right];
        }
        if right.flags.has(TokenFlags::PLACEMARKER) {
            return smallvec::smallvec![left];
        }
        let text = format!("{}{}", self.spelling(&left), self.spelling(&right));
        let Some(span) = self.scratch(&text, left.span.to(right.span)) else {
            return smallvec::smallvec![left];
        };
        let mut lx = Lexer::new(span.file, std::sync::Arc::from(text.as_str()));
        let first = lx.next(self.interner);
        let second = lx.next(self.interner);
        if first.kind == TokenKind::Eof
            || second.kind != TokenKind::Eof
            || first.kind == TokenKind::Unknown
        {
            self.error(
                "pp-token-paste",
                left.span.to(right.span),
                format!(
                    "pasting `{}` and `{}` does not give a valid token",
                    self.spelling(&left),
                    self.spelling(&right)
                ),
            );
            return smallvec::smallvec![left, right];
        }
        let mut t = first;
        t.span = Span::new(
            span.file,
            span.start + first.span.start,
            span.start + first.span.end,
        )
        .with_expn(expn);
        t.flags.0 = left.flags.0 & TokenFlags::SPACE_BEFORE;
        smallvec::smallvec![t]
    }

    /// Macro-expands the tokens of a `#line` directive.
    pub(super) fn expand_line(&mut self, toks: Vec<Token>) -> Vec<Token> {
        self.expand_list(toks)
    }

    /// Evaluates the expression of `#if` / `#elif`.
    pub(super) fn eval_condition(&mut self, toks: Vec<Token>, full: Span) -> Option<i64> {
        self.in_if_expr = true;
        let expanded = self.expand_list(toks);
        self.in_if_expr = false;
        let mut pos = 0;
        let v = self.parse_if_expr(&expanded, &mut pos, full)?;
        if let Some(extra) = expanded.get(pos) {
            let s = self.spelling(extra);
            self.error(
                "pp-if-syntax",
                extra.span,
                format!("unexpected `{s}` in preprocessor expression"),
            );
            return None;
        }
        Some(v)
    }
}
